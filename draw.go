package squares

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
)

// The draw is provably fair by commit and reveal; docs/fairness.md describes it for outside verifiers.
//
//  1. When a pool is created the server draws a secret seed: 32 bytes from a cryptographic source, written
//     as 64 lower-case hex characters. It publishes the commitment SHA-256(seed hex text), hex-encoded.
//  2. When the pool is complete, the digits are derived from the seed and the final ownership of the 100
//     squares (OwnershipText), so that neither the server alone (bound by its commitment) nor the players
//     alone (who cannot see the seed) decide them. The server stores that ownership text, the draw input,
//     and its SHA-256 with the digits: squares can change hands after the draw (the house takes over a
//     square whose card hold lapsed), and the draw must stay verifiable from what it consumed.
//  3. Afterwards the seed and the draw input are revealed; anyone recomputes the commitment and the digits.

// DrawVersion names the derivation; it is part of the HMAC message so that a future change cannot be
// confused with this one.
const DrawVersion = "squares-draw-v1"

// DrawVersionBeacon names the derivation that mixes in a beacon's randomness (beacon.go): the message also
// carries "|beacon=" and the round's randomness (64 hex characters) after the owners.
const DrawVersionBeacon = "squares-draw-v2"

// NewDrawSeed returns a fresh secret seed as 64 hex characters.
func NewDrawSeed() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("draw seed: %w", err)
	}
	return hex.EncodeToString(b), nil
}

// DrawCommitment returns the hex SHA-256 of the seed's hex text.
func DrawCommitment(seed string) string {
	sum := sha256.Sum256([]byte(seed))
	return hex.EncodeToString(sum[:])
}

// OwnershipText writes the final ownership of a grid canonically: the owner of each square in row-major
// order (row 0 column 0 first), a user id or "admin" for the house, separated by commas.
func OwnershipText(owners [SquaresPerPool]string) string {
	return strings.Join(owners[:], ",")
}

// ParseOwnershipText reads a draw input back into the owners of the 100 squares in row-major order; each
// owner must be non-empty and free of spaces and commas.
func ParseOwnershipText(text string) ([SquaresPerPool]string, error) {
	var owners [SquaresPerPool]string
	parts := strings.Split(text, ",")
	if len(parts) != SquaresPerPool {
		return owners, fmt.Errorf("draw input names %d owners, want %d", len(parts), SquaresPerPool)
	}
	for i, p := range parts {
		if p == "" || strings.ContainsAny(p, " \t\r\n") {
			return owners, fmt.Errorf("draw input: square %d has owner %q", i, p)
		}
		owners[i] = p
	}
	return owners, nil
}

// DrawInputSHA256 returns the hex SHA-256 of a draw input (the ownership text), published beside it.
func DrawInputSHA256(ownership string) string {
	sum := sha256.Sum256([]byte(ownership))
	return hex.EncodeToString(sum[:])
}

// Draw derives the digits of a pool from the owners of its squares; see DrawFromOwnership.
func Draw(seed string, poolID int64, owners [SquaresPerPool]string) (home, away []int) {
	return DrawFromOwnership(seed, poolID, OwnershipText(owners))
}

// DrawFromOwnership derives the digits of a pool from its ownership text (the draw input): awayNumbers
// label the rows, homeNumbers the columns. Each is a Fisher-Yates shuffle of 0-9 driven by
// HMAC-SHA256(key = seed hex text, message = DrawVersion|pool id|axis|ownership|block counter), with
// rejection sampling so that every permutation is equally likely.
func DrawFromOwnership(seed string, poolID int64, ownership string) (home, away []int) {
	return DrawWithBeacon(seed, poolID, ownership, "")
}

// DrawWithBeacon derives the digits as DrawFromOwnership does, mixing in a beacon round's randomness (hex)
// under DrawVersionBeacon: HMAC-SHA256(key = seed hex text, message = "squares-draw-v2|pool=ID|axis=AXIS|
// owners=OWNERSHIP|beacon=RANDOMNESS|block=N"). Empty randomness is DrawFromOwnership's derivation (v1),
// for pools drawn without a beacon.
func DrawWithBeacon(seed string, poolID int64, ownership, randomness string) (home, away []int) {
	away = shuffleDigits(seed, drawPrefix(poolID, "away", ownership, randomness))
	home = shuffleDigits(seed, drawPrefix(poolID, "home", ownership, randomness))
	return home, away
}

// drawPrefix is the HMAC message of one axis before its block counter.
func drawPrefix(poolID int64, axis, ownership, randomness string) string {
	if randomness == "" {
		return DrawVersion + "|pool=" + strconv.FormatInt(poolID, 10) + "|axis=" + axis + "|owners=" + ownership + "|block="
	}
	return DrawVersionBeacon + "|pool=" + strconv.FormatInt(poolID, 10) + "|axis=" + axis + "|owners=" + ownership +
		"|beacon=" + strings.ToLower(randomness) + "|block="
}

// OwnerChange is a square whose owner today differs from its owner at the draw.
type OwnerChange struct {
	Row, Column int
	AtDraw, Now string
}

// HouseTakeover reports whether the house took the square over (its buyer's card hold lapsed after the
// draw).
func (c OwnerChange) HouseTakeover() bool { return c.Now == HouseUserID }

// ChangedOwners lists, in grid order, the squares of a grid of columns columns whose owner now differs from
// the owner the draw consumed.
func ChangedOwners(atDraw, now []string, columns int) []OwnerChange {
	var out []OwnerChange
	for i := range min(len(atDraw), len(now)) {
		if atDraw[i] != now[i] {
			out = append(out, OwnerChange{Row: i / columns, Column: i % columns, AtDraw: atDraw[i], Now: now[i]})
		}
	}
	return out
}

func shuffleDigits(seed, prefix string) []int {
	stream := drawStream{seed: seed, prefix: prefix}
	digits := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	for i := len(digits) - 1; i > 0; i-- {
		n := i + 1
		limit := 256 - 256%n // bytes at or above limit would bias the modulo; skip them
		var b int
		for b = int(stream.next()); b >= limit; b = int(stream.next()) {
		}
		j := b % n
		digits[i], digits[j] = digits[j], digits[i]
	}
	return digits
}

// drawStream yields the bytes of HMAC-SHA256(seed, prefix + counter) for counter 0, 1, 2, ...
type drawStream struct {
	seed    string
	prefix  string
	counter uint32
	buf     []byte
}

func (s *drawStream) next() byte {
	if len(s.buf) == 0 {
		mac := hmac.New(sha256.New, []byte(s.seed))
		mac.Write([]byte(s.prefix))
		mac.Write([]byte(strconv.FormatUint(uint64(s.counter), 10)))
		s.buf = mac.Sum(nil)
		s.counter++
	}
	b := s.buf[0]
	s.buf = s.buf[1:]
	return b
}

// FormatDigits writes digits as comma-separated text ("3,1,4,...").
func FormatDigits(d []int) string {
	parts := make([]string, len(d))
	for i, v := range d {
		parts[i] = strconv.Itoa(v)
	}
	return strings.Join(parts, ",")
}

// ParseDigits reads comma-separated digits; empty text gives nil.
func ParseDigits(s string) ([]int, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	parts := strings.Split(s, ",")
	out := make([]int, len(parts))
	for i, p := range parts {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || n < 0 || n > 9 {
			return nil, fmt.Errorf("digits %q: %q is not a digit", s, p)
		}
		out[i] = n
	}
	return out, nil
}

// IsPermutation reports whether d holds each digit 0-9 exactly once.
func IsPermutation(d []int) bool {
	if len(d) != GridSize {
		return false
	}
	var seen [GridSize]bool
	for _, v := range d {
		if v < 0 || v >= GridSize || seen[v] {
			return false
		}
		seen[v] = true
	}
	return true
}
