package squares

import (
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/gowebpki/jcs"
)

// The record of a pool is the list of every change made to it, each entry appended in the transaction that
// makes the change and chained to the one before by its hash, so that no entry can be changed, removed or
// put in between afterwards without breaking every hash after it (docs/fairness.md, "The record"):
//
//	hash = SHA-256(prevHash || canonical JSON of {seq, at, kind, data})
//
// where prevHash is the 32 bytes of the previous entry's hash (32 zero bytes before the first entry), the
// canonical JSON is RFC 8785's (keys sorted, no spaces, numbers as ECMAScript writes them), seq counts from
// 1, at is the time of the change in UTC with microseconds (RecordTime) and data the change itself. At each
// change of the pool's state the server signs a checkpoint {pool, seq, head} with its Ed25519 key, so that
// a record cut short or rewritten as a whole no longer matches what was published.

// Record kinds: what an entry records.
const (
	RecordOpened    = "opened"    // the pool opened: its rules, fee, grid and seed commitments
	RecordTaken     = "taken"     // squares taken (a free claim, a confirmed purchase, a host's assignment)
	RecordHeld      = "held"      // a payment held for squares
	RecordCaptured  = "captured"  // a held payment captured
	RecordReleased  = "released"  // a held payment released, its squares freed
	RecordRefunded  = "refunded"  // a captured payment refunded
	RecordLocked    = "locked"    // the grid complete: the ownership fixed and the beacon round due
	RecordBeacon    = "beacon"    // the beacon's round fetched and verified
	RecordDrawn     = "drawn"     // the digits drawn: seeds, draw input, digits
	RecordScore     = "score"     // a score reported for the pool's game
	RecordPrize     = "prize"     // a winner and the prize an award pays
	RecordFee       = "fee"       // the house fee taken
	RecordClaim     = "claim"     // a winner claimed a prize
	RecordPayout    = "payout"    // a prize paid out
	RecordCancelled = "cancelled" // the pool cancelled
	RecordAction    = "action"    // an admin's or the host's action on the pool
)

// RecordZeroHash is the previous hash of a record's first entry.
var RecordZeroHash = strings.Repeat("0", 64)

// RecordEntry is one entry of a pool's record.
type RecordEntry struct {
	Seq      int64           `json:"seq"`
	At       string          `json:"at"` // RecordTime of the change, as hashed
	Kind     string          `json:"kind"`
	Data     json.RawMessage `json:"data" tstype:"unknown"`
	PrevHash string          `json:"prevHash"`
	Hash     string          `json:"hash"`
}

// RecordTime writes a time as the record hashes it: UTC, microseconds, e.g. 2026-11-28T07:00:00.123456Z.
func RecordTime(t time.Time) string {
	return t.UTC().Format("2006-01-02T15:04:05.000000Z")
}

// recordBody is what an entry's hash covers besides the previous hash.
type recordBody struct {
	Seq  int64           `json:"seq"`
	At   string          `json:"at"`
	Kind string          `json:"kind"`
	Data json.RawMessage `json:"data"`
}

// RecordEntryHash returns the hash of an entry with the given fields after the entry whose hash is
// prevHash (RecordZeroHash for the first).
func RecordEntryHash(prevHash string, seq int64, at, kind string, data json.RawMessage) (string, error) {
	if len(data) == 0 {
		data = json.RawMessage("null")
	}
	raw, err := json.Marshal(recordBody{Seq: seq, At: at, Kind: kind, Data: data})
	if err != nil {
		return "", fmt.Errorf("record: entry %d: %w", seq, err)
	}
	canonical, err := jcs.Transform(raw)
	if err != nil {
		return "", fmt.Errorf("record: entry %d: canonical JSON: %w", seq, err)
	}
	return chainHash(prevHash, seq, canonical)
}

// chainHash is SHA-256(prevHash || canonical) in hex.
func chainHash(prevHash string, seq int64, canonical []byte) (string, error) {
	prev, err := hex.DecodeString(prevHash)
	if err != nil || len(prev) != sha256.Size {
		return "", fmt.Errorf("record: entry %d: previous hash %q is not 64 hex characters", seq, prevHash)
	}
	h := sha256.New()
	h.Write(prev)
	h.Write(canonical)
	return hex.EncodeToString(h.Sum(nil)), nil
}

// ownEntryBody is the canonical JSON RecordEntryHash hashes, written as it is for an entry this server
// makes: the keys in their sorted order, data already canonical (RecordData), at as RecordTime writes it and
// kind one of the record's own, neither holding anything JSON escapes. Every change appends an entry, so it
// saves the claim a marshal and a parse of the whole body (TestOwnEntryBodyIsCanonical holds it to the
// general way).
func ownEntryBody(seq int64, at, kind string, data json.RawMessage) []byte {
	b := make([]byte, 0, len(data)+len(at)+len(kind)+48)
	b = append(b, `{"at":"`...)
	b = append(b, at...)
	b = append(b, `","data":`...)
	b = append(b, data...)
	b = append(b, `,"kind":"`...)
	b = append(b, kind...)
	b = append(b, `","seq":`...)
	b = strconv.AppendInt(b, seq, 10)
	return append(b, '}')
}

// NextRecordEntry builds the entry that follows prev (nil for a record's first entry): its seq, the
// previous hash and its own hash. data is any value that marshals to JSON.
func NextRecordEntry(prev *RecordEntry, at time.Time, kind string, data any) (RecordEntry, error) {
	e := RecordEntry{Seq: 1, At: RecordTime(at), Kind: kind, PrevHash: RecordZeroHash}
	if prev != nil {
		e.Seq, e.PrevHash = prev.Seq+1, prev.Hash
	}
	if !validRecordKind(kind) {
		return RecordEntry{}, fmt.Errorf("record: unknown kind %q", kind)
	}
	// Stored as the canonical JSON it is hashed as, so that a reader sees exactly what was hashed.
	var err error
	if e.Data, err = RecordData(data); err != nil {
		return RecordEntry{}, fmt.Errorf("record: %s data: %w", kind, err)
	}
	e.Hash, err = chainHash(e.PrevHash, e.Seq, ownEntryBody(e.Seq, e.At, kind, e.Data))
	return e, err
}

// RecordData is data as an entry stores and hashes it: the RFC 8785 canonical JSON of its JSON.
func RecordData(data any) (json.RawMessage, error) {
	if t, ok := data.(RecordTakenData); ok && t.canonicalDirect() {
		// One per square taken: written directly, as the general path would write it.
		return t.appendCanonical(nil), nil
	}
	raw, err := json.Marshal(data)
	if err != nil {
		return nil, err
	}
	return jcs.Transform(raw)
}

func validRecordKind(kind string) bool {
	switch kind {
	case RecordOpened, RecordTaken, RecordHeld, RecordCaptured, RecordReleased, RecordRefunded, RecordLocked,
		RecordBeacon, RecordDrawn, RecordScore, RecordPrize, RecordFee, RecordClaim, RecordPayout,
		RecordCancelled, RecordAction:
		return true
	}
	return false
}

// RecordFault names the first entry of a record that does not hold, and why.
type RecordFault struct {
	Seq    int64  `json:"seq"`
	Reason string `json:"reason"`
}

func (f *RecordFault) Error() string { return fmt.Sprintf("record entry %d: %s", f.Seq, f.Reason) }

// CheckRecordChain checks a run of entries that follows the entry whose hash is prevHash and whose seq is
// seq (RecordZeroHash and 0 for a record read from its start): consecutive seqs, each previous hash the hash
// before it, each hash recomputed. It returns the first fault, or nil.
func CheckRecordChain(entries []RecordEntry, prevHash string, seq int64) *RecordFault {
	for _, e := range entries {
		if e.Seq != seq+1 {
			return &RecordFault{Seq: e.Seq, Reason: fmt.Sprintf("follows entry %d: an entry is missing or out of order", seq)}
		}
		if e.PrevHash != prevHash {
			return &RecordFault{Seq: e.Seq, Reason: "its previous hash is not the hash of the entry before it"}
		}
		if !validRecordKind(e.Kind) {
			return &RecordFault{Seq: e.Seq, Reason: fmt.Sprintf("unknown kind %q", e.Kind)}
		}
		want, err := RecordEntryHash(e.PrevHash, e.Seq, e.At, e.Kind, e.Data)
		if err != nil {
			return &RecordFault{Seq: e.Seq, Reason: err.Error()}
		}
		if want != e.Hash {
			return &RecordFault{Seq: e.Seq, Reason: "its hash does not match its content: the entry was changed"}
		}
		prevHash, seq = e.Hash, e.Seq
	}
	return nil
}

// RecordCheckpoint is the server's signature on a pool's record as it stood: the head (the last entry's
// hash) at seq.
type RecordCheckpoint struct {
	Pool      int64  `json:"pool"`
	Seq       int64  `json:"seq"`
	Head      string `json:"head"`
	At        string `json:"at"`        // RecordTime of the signature
	Reason    string `json:"reason"`    // the pool's change it marks: full, drawn, settled Q1, completed, cancelled
	Signature string `json:"signature"` // Ed25519 over CheckpointMessage, hex
}

// CheckpointMessage is what a checkpoint's signature covers: the canonical JSON of {head, pool, seq}.
func CheckpointMessage(pool, seq int64, head string) []byte {
	// The keys in RFC 8785's order; numbers and hex need no escaping.
	return []byte(fmt.Sprintf(`{"head":%q,"pool":%d,"seq":%d}`, head, pool, seq))
}

// SignCheckpoint signs the record of pool at seq, whose last entry's hash is head.
func SignCheckpoint(key ed25519.PrivateKey, pool, seq int64, head string, at time.Time, reason string) RecordCheckpoint {
	sig := ed25519.Sign(key, CheckpointMessage(pool, seq, head))
	return RecordCheckpoint{Pool: pool, Seq: seq, Head: head, At: RecordTime(at), Reason: reason, Signature: hex.EncodeToString(sig)}
}

// VerifyCheckpoint reports whether the checkpoint's signature is the key's on its pool, seq and head.
func VerifyCheckpoint(pub ed25519.PublicKey, c RecordCheckpoint) bool {
	sig, err := hex.DecodeString(c.Signature)
	if err != nil || len(sig) != ed25519.SignatureSize || len(pub) != ed25519.PublicKeySize {
		return false
	}
	return ed25519.Verify(pub, CheckpointMessage(c.Pool, c.Seq, c.Head), sig)
}

// CheckCheckpoints checks every checkpoint against the record's entries (read from the start): its
// signature, and that the entry at its seq has its head. It returns the first checkpoint that fails as a
// fault of that entry, or nil.
func CheckCheckpoints(pub ed25519.PublicKey, pool int64, entries []RecordEntry, checkpoints []RecordCheckpoint) *RecordFault {
	for _, c := range checkpoints {
		if c.Pool != pool {
			return &RecordFault{Seq: c.Seq, Reason: fmt.Sprintf("a checkpoint of pool %d is given for pool %d", c.Pool, pool)}
		}
		if !VerifyCheckpoint(pub, c) {
			return &RecordFault{Seq: c.Seq, Reason: "the checkpoint's signature is not the server's key's"}
		}
		if c.Seq < 1 || c.Seq > int64(len(entries)) || entries[c.Seq-1].Seq != c.Seq {
			return &RecordFault{Seq: c.Seq, Reason: "the record has no entry at the checkpoint: it was cut short"}
		}
		if entries[c.Seq-1].Hash != c.Head {
			return &RecordFault{Seq: c.Seq, Reason: "the entry's hash is not the signed head: the record was rewritten"}
		}
	}
	return nil
}
