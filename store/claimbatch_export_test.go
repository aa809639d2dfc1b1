package store

import "context"

// ClaimBatchForTest runs claims as one batch of the engine's batcher, in their order, and finishes each as
// ClaimSquares does. It also returns how many of them the batch sent to run again on their own.
func (db *DB) ClaimBatchForTest(ctx context.Context, claims []Claim) ([]*ClaimResult, []error, int) {
	batch := make([]*claimRequest, len(claims))
	for i, c := range claims {
		batch[i] = &claimRequest{ctx: ctx, c: c, done: make(chan struct{})}
	}
	if db.engine == SQLite {
		db.claimBatch(batch)
	} else {
		db.claimBatchPostgres(batch, nil)
	}
	results, errs := make([]*ClaimResult, len(claims)), make([]error, len(claims))
	alone := 0
	for i, r := range batch {
		<-r.done
		if r.err == errClaimAlone {
			alone++
		}
		results[i], errs[i] = r.res, r.err
		if db.engine != SQLite {
			results[i], errs[i] = db.claimAfter(ctx, claims[i], r.res, r.err)
		}
	}
	return results, errs, alone
}

// ClaimWorkersPostgres is how many PostgreSQL claim batchers run, each for the pools whose id falls to it.
const ClaimWorkersPostgres = claimWorkersPostgres
