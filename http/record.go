package http

import (
	"encoding/hex"
	"net/http"
	"strconv"

	"github.com/squaresapp/squares"
)

// recordPage is the most entries one answer of a pool's record holds; ?after= pages on.
const recordPage = 500

// Record is a page of a pool's hash-chained record (docs/fairness.md, "The record"): entries after the
// seq asked for, the head of the whole record (seq and hash of its last entry), every checkpoint the
// server signed on it, and whether entries past this page exist.
type Record struct {
	Pool        int64                      `json:"pool"`
	Entries     []squares.RecordEntry      `json:"entries"`
	Seq         int64                      `json:"seq"`
	Head        string                     `json:"head"`
	Checkpoints []squares.RecordCheckpoint `json:"checkpoints"`
	More        bool                       `json:"more"`
}

// RecordKey is the public key that signs the records' checkpoints: GET /.well-known/squares-record-key.
type RecordKey struct {
	Algorithm string `json:"algorithm"` // "Ed25519"
	PublicKey string `json:"publicKey"` // hex, 32 bytes
}

// handlePoolRecord answers a pool's record: GET /api/pools/{id}/record?after=seq, for anyone who may see
// the pool.
func (s *Server) handlePoolRecord(w http.ResponseWriter, r *http.Request) {
	var after int64
	if v := r.URL.Query().Get("after"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 0 {
			s.Error(w, r, squares.FieldError("after", "Invalid after: must be a seq, 0 or more."))
			return
		}
		after = n
	}
	p, err := s.findVisiblePool(r)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	rec, err := s.Store.ReadPoolRecord(r.Context(), p.ID, after, recordPage)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, Record{Pool: rec.Pool, Entries: rec.Entries, Seq: rec.Seq, Head: rec.Head,
		Checkpoints: rec.Checkpoints, More: rec.More})
}

// handleRecordKey answers the key that signs the records' checkpoints: GET /.well-known/squares-record-key.
func (s *Server) handleRecordKey(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, RecordKey{Algorithm: "Ed25519", PublicKey: hex.EncodeToString(s.Store.RecordPublicKey())})
}
