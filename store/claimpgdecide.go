package store

import (
	"fmt"
	"time"

	"github.com/squaresapp/squares"
)

// The decisions of a PostgreSQL batch of claims (claimBatchPostgres), made in the process between its two
// round trips: each claim by the rules of a sale, in the batch's order, after what the claims before it took.

// claimRead is what the first round trip read for one claim of a batch.
type claimRead struct {
	p           *squares.PoolView
	week        string
	have, taken int
	member      bool
}

// claimPool is what the claims of a batch decided so far took of one pool.
type claimPool struct {
	taken, players int
	record         squares.RecordHead
	// readTaken, readPlayers and read are the counters and the record's head as read.
	readTaken, readPlayers int
	read                   squares.RecordHead
	cells                  map[squares.Cell]bool
	// bought counts the squares each buyer took in the batch.
	bought map[int64]int
	// general is set once a claim of the pool would complete its grid: it takes the general path, and the
	// pool's later claims wait for it.
	general bool
}

// claimTaking is an accepted claim of a batch waiting for its write's answer.
type claimTaking struct {
	r      *claimRequest
	p      *squares.PoolView
	owned  int
	player int
	entry  squares.RecordEntry
	record bool
	// ids are the squares written, in the order of the claim's cells.
	ids []int64
}

// claimWriteArgs are claimWriteManySQL's arguments for the claims taking, decided with the pools' states.
func claimWriteArgs(now time.Time, taking []claimTaking, states map[int64]*claimPool) []any {
	var sqPools, sqBuyers, sqPrices, recPools, recSeqs []int64
	var sqRows, sqCols []int32
	var recAts, recData, recPrevs, recHashes []string
	for _, t := range taking {
		for _, cell := range t.r.c.Cells {
			sqPools, sqBuyers, sqPrices = append(sqPools, t.p.ID), append(sqBuyers, userID(t.r.c.User)), append(sqPrices, int64(t.p.EntryFee))
			sqRows, sqCols = append(sqRows, int32(cell.Row)), append(sqCols, int32(cell.Column))
		}
		if t.record {
			recPools, recSeqs = append(recPools, t.p.ID), append(recSeqs, t.entry.Seq)
			recAts, recData = append(recAts, t.entry.At), append(recData, string(t.entry.Data))
			recPrevs, recHashes = append(recPrevs, t.entry.PrevHash), append(recHashes, t.entry.Hash)
		}
	}
	var pPools, pSeqs, pOld []int64
	var pTaken, pPlayers []int32
	var pHeads []string
	for id, st := range states {
		if len(st.bought) == 0 {
			continue // every claim of the pool was refused
		}
		pPools, pSeqs, pOld = append(pPools, id), append(pSeqs, st.record.Seq), append(pOld, st.read.Seq)
		pTaken, pPlayers = append(pTaken, int32(st.taken-st.readTaken)), append(pPlayers, int32(st.players-st.readPlayers))
		pHeads = append(pHeads, st.record.Head)
	}
	return []any{now, sqPools, sqRows, sqCols, sqBuyers, sqPrices, recPools, recSeqs, recAts, recData, recPrevs,
		recHashes, pPools, pTaken, pPlayers, pSeqs, pHeads, pOld}
}

// decideClaim applies the rules of the sale to the claim r read as rd, after what the batch's claims before
// it took (states). A claim refused, sent to the general path or to wait for its pool's draw is answered in
// r; an accepted one is counted in its pool's state and returned, its pool view as the claim leaves it but
// for the record's head.
func decideClaim(states map[int64]*claimPool, r *claimRequest, rd *claimRead, now time.Time) (claimTaking, bool, error) {
	p, c := rd.p, r.c
	st := states[p.ID]
	if st == nil {
		st = &claimPool{taken: p.SquaresTaken, players: p.DistinctPlayers, record: p.Record,
			readTaken: p.SquaresTaken, readPlayers: p.DistinctPlayers, read: p.Record,
			cells: map[squares.Cell]bool{}, bought: map[int64]int{}}
		states[p.ID] = st
	}
	if st.general {
		r.err = errClaimAfterDraw
		return claimTaking{}, false, nil
	}
	p.SquaresTaken, p.DistinctPlayers, p.Record.Seq, p.Record.Head = st.taken, st.players, st.record.Seq, st.record.Head
	buyer := userID(c.User)
	taken := rd.taken
	for _, cell := range c.Cells {
		if st.cells[cell] {
			taken++
		}
	}
	kind := squares.SaleClaim
	if c.Paid {
		kind = squares.SalePaid
	}
	sale := squares.Sale{Kind: kind, Pool: p.Pool, Now: now, Buyer: c.User, Cells: c.Cells, ActiveWeek: rd.week,
		Have: rd.have + st.bought[buyer], Taken: taken}
	if c.User != nil && p.IsPrivate {
		sale.Member = rd.member
	}
	if _, err := squares.CheckSale(sale); err != nil {
		r.err = err
		return claimTaking{}, false, nil
	}
	if st.taken+len(c.Cells) >= p.GridSquares() {
		st.general, r.err = true, errClaimDraw
		return claimTaking{}, false, nil
	}
	t := claimTaking{r: r, p: p, owned: p.ViewerSquares + st.bought[buyer]}
	if t.owned == 0 {
		t.player = 1
	}
	var err error
	if t.entry, t.record, err = nextRecordEntry(st.record, now, squares.RecordTaken, claimTaken(p.Pool, c)); err != nil {
		return t, false, fmt.Errorf("record of pool %d: %w", p.ID, err)
	}
	if !t.record {
		t.entry = squares.RecordEntry{}
	} else {
		st.record = squares.RecordHead{Seq: t.entry.Seq, Head: t.entry.Hash, Checkpoint: st.record.Checkpoint}
	}
	st.taken += len(c.Cells)
	st.players += t.player
	st.bought[buyer] += len(c.Cells)
	for _, cell := range c.Cells {
		st.cells[cell] = true
	}
	return t, true, nil
}

// updatedPools counts the pools of states that a claim took squares of.
func updatedPools(states map[int64]*claimPool) int {
	n := 0
	for _, st := range states {
		if len(st.bought) > 0 {
			n++
		}
	}
	return n
}
