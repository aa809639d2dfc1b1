// Package drand fetches and verifies rounds of a drand randomness beacon (https://drand.love) for the draw
// (docs/fairness.md): drand's own Go client fetches a round from the HTTP relays, drand's own crypto
// verifies its BLS signature against the chain's public key. It also signs rounds with a local key: the
// development beacon (Dev) and the test relay (drandtest) use a Signer.
package drand

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/drand/drand/v2/common"
	"github.com/drand/drand/v2/common/chain"
	"github.com/drand/drand/v2/crypto"
	"github.com/drand/kyber"

	"github.com/squaresapp/squares"
)

// Chain is a drand chain a verifier trusts: its information and the scheme and public key it verifies
// signatures with.
type Chain struct {
	info   *chain.Info
	scheme *crypto.Scheme
	key    kyber.Point
}

// Beacon is one verified round: its number, signature and randomness (SHA-256 of the signature), hex.
type Beacon struct {
	Round      uint64
	Signature  string
	Randomness string
}

// ParseChain reads a chain's /info JSON (drand's v1 or v2 form); a chain hash it states must be the hash of
// the rest.
func ParseChain(infoJSON []byte) (*Chain, error) {
	var info chain.Info
	if err := json.Unmarshal(bytes.TrimSpace(infoJSON), &info); err != nil {
		return nil, fmt.Errorf("drand chain info: %w", err)
	}
	return newChain(&info)
}

// Quicknet is drand's quicknet chain, verified against its published public key.
func Quicknet() *Chain {
	c, err := ParseChain([]byte(quicknetInfo))
	if err != nil {
		panic(err)
	}
	return c
}

// quicknetInfo is quicknet's /info (https://api.drand.sh/52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971/info).
const quicknetInfo = `{"public_key":"83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a","period":3,"genesis_time":1692803367,"genesis_seed":"f477d5c89f21a17c863a7f937c6a6d15859414d2be09cd448d4279af331c5d3e","chain_hash":"52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971","scheme":"bls-unchained-g1-rfc9380","beacon_id":"quicknet"}`

func newChain(info *chain.Info) (*Chain, error) {
	sch, err := crypto.SchemeFromName(info.Scheme)
	if err != nil {
		return nil, fmt.Errorf("drand chain: %w", err)
	}
	if info.PublicKey == nil {
		return nil, fmt.Errorf("drand chain: no public key")
	}
	if info.Period <= 0 || info.GenesisTime <= 0 {
		return nil, fmt.Errorf("drand chain: period %s, genesis %d", info.Period, info.GenesisTime)
	}
	switch sch.Name {
	case crypto.UnchainedSchemeID, crypto.SigsOnG1ID, crypto.ShortSigSchemeID:
	default:
		// A chained scheme signs the previous signature too: a round alone cannot be verified.
		return nil, fmt.Errorf("drand chain: scheme %s is chained; only unchained chains are supported", sch.Name)
	}
	return &Chain{info: info, scheme: sch, key: info.PublicKey}, nil
}

// Info is the chain's information as the domain reads it.
func (c *Chain) Info() squares.ChainInfo {
	key, _ := c.key.MarshalBinary()
	return squares.ChainInfo{Hash: c.info.HashString(), Genesis: c.info.GenesisTime, Period: c.info.Period,
		Scheme: c.info.Scheme, PublicKey: hex.EncodeToString(key)}
}

// Hash is the chain's hash, hex.
func (c *Chain) Hash() string { return c.info.HashString() }

// InfoJSON is the chain's /info JSON (drand's v2 form), as SQUARES_DRAND_CHAIN takes it.
func (c *Chain) InfoJSON() []byte {
	b, err := json.Marshal(c.info)
	if err != nil {
		panic(err)
	}
	return b
}

// Verify checks a round's signature (hex) against the chain's public key and returns the round with its
// randomness.
func (c *Chain) Verify(round uint64, signature string) (Beacon, error) {
	sig, err := hex.DecodeString(strings.TrimSpace(signature))
	if err != nil || len(sig) == 0 {
		return Beacon{}, fmt.Errorf("drand round %d: signature is not hex", round)
	}
	if err := c.scheme.VerifyBeacon(&common.Beacon{Round: round, Signature: sig}, c.key); err != nil {
		return Beacon{}, fmt.Errorf("drand round %d: signature does not verify against chain %s: %w", round, c.Hash(), err)
	}
	return Beacon{Round: round, Signature: hex.EncodeToString(sig),
		Randomness: hex.EncodeToString(crypto.RandomnessFromSignature(sig))}, nil
}
