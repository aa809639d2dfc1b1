package drand

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"time"

	"github.com/drand/drand/v2/common"
	"github.com/drand/drand/v2/common/chain"
	"github.com/drand/drand/v2/crypto"
	"github.com/drand/kyber"
)

// Signer signs the rounds of a chain of its own with one BLS key, on quicknet's scheme: the development
// beacon and the test relay. It is never drand: its rounds prove nothing to anyone but its key's holder.
type Signer struct {
	chain  *Chain
	scheme *crypto.Scheme
	secret kyber.Scalar
}

// NewSigner makes a chain of its own whose key derives from seed (any text), its first round at genesis,
// a round every period.
func NewSigner(seed string, id string, genesis time.Time, period time.Duration) (*Signer, error) {
	sch, err := crypto.SchemeFromName(crypto.SigsOnG1ID)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256([]byte("squares drand signer|" + seed))
	secret := sch.KeyGroup.Scalar().SetBytes(sum[:])
	public := sch.KeyGroup.Point().Mul(secret, nil)
	gseed := sha256.Sum256([]byte("squares drand genesis|" + seed))
	info := &chain.Info{PublicKey: public, ID: id, Period: period, Scheme: sch.Name,
		GenesisTime: genesis.Unix(), GenesisSeed: gseed[:]}
	c, err := newChain(info)
	if err != nil {
		return nil, err
	}
	return &Signer{chain: c, scheme: sch, secret: secret}, nil
}

// Chain is the signer's chain.
func (s *Signer) Chain() *Chain { return s.chain }

// Sign returns round's signature, hex.
func (s *Signer) Sign(round uint64) (string, error) {
	if round == 0 {
		return "", fmt.Errorf("drand: round 0 does not exist")
	}
	sig, err := s.scheme.AuthScheme.Sign(s.secret, s.scheme.DigestBeacon(&common.Beacon{Round: round}))
	if err != nil {
		return "", fmt.Errorf("drand: sign round %d: %w", round, err)
	}
	return hex.EncodeToString(sig), nil
}

// devBeaconID, devSeed and devGenesis make the development beacon's chain: the same chain in every
// development server, so that a draw made by one verifies on another.
const (
	devBeaconID = "squares-dev"
	devSeed     = "squares development beacon: a key anyone can read, for development only"
)

var devGenesis = time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)

// DevSigner is the development beacon's signer (3 s rounds since 2024-01-01).
func DevSigner() *Signer {
	s, err := NewSigner(devSeed, devBeaconID, devGenesis, 3*time.Second)
	if err != nil {
		panic(err)
	}
	return s
}

// Dev is the built-in development beacon: rounds signed in process with the development key, each once its
// time has come, no network. Pools drawn with it say so (dev: true).
type Dev struct {
	signer *Signer
	now    func() time.Time
}

// NewDev returns the development beacon on the clock now.
func NewDev(now func() time.Time) *Dev { return &Dev{signer: DevSigner(), now: now} }

// Chain is the development chain.
func (d *Dev) Chain() *Chain { return d.signer.chain }

// Fetch signs round once it is due.
func (d *Dev) Fetch(_ context.Context, round uint64) (Beacon, error) {
	if due := d.signer.chain.Info().RoundTime(round); d.now().Before(due) {
		return Beacon{}, fmt.Errorf("drand: development round %d is due at %s", round, due.Format(time.RFC3339))
	}
	sig, err := d.signer.Sign(round)
	if err != nil {
		return Beacon{}, err
	}
	return d.signer.chain.Verify(round, sig)
}
