package storetest

import (
	"context"
	"fmt"
	"testing"

	"github.com/squaresapp/squares"
)

// CheckProvider checks, once the escrow is quiescent, that our books agree with the provider: held is
// requires_capture, captured is succeeded and refunded only as far as the refunds outside Squares
// recorded, released and failed are cancelled (or never existed or were never confirmed), refunded is
// fully refunded; and nothing is left pending.
func (s *Snapshot) CheckProvider(t testing.TB, provider squares.PaymentProvider) {
	t.Helper()
	ctx := context.Background()
	outside := map[string]squares.Cents{} // refunded outside Squares
	for _, tx := range s.Txs {
		if tx.Kind == squares.LedgerExternalRefund {
			outside[tx.PaymentID] += tx.Amount
		}
	}
	for _, p := range s.Payments {
		if p.ProviderID == "" {
			if p.Status != squares.PaymentFailed && p.Status != squares.PaymentReleased {
				t.Fatalf("payment %s is %s without a provider payment", p.ID, p.Status)
			}
			continue
		}
		pp, err := provider.Get(ctx, p.ProviderID)
		if err != nil {
			t.Fatalf("provider get %s: %v", p.ProviderID, err)
		}
		if pp.Amount != p.Amount {
			t.Fatalf("payment %s: provider amount %s, ours %s", p.ID, pp.Amount, p.Amount)
		}
		ok := false
		switch p.Status {
		case squares.PaymentHeld:
			ok = pp.Status == squares.ProviderRequiresCapture && pp.AmountCapturable == p.Amount
		case squares.PaymentCaptured:
			ok = pp.Status == squares.ProviderSucceeded && pp.AmountReceived == p.Amount && pp.AmountRefunded == outside[p.ID]
		case squares.PaymentReleased, squares.PaymentFailed:
			ok = pp.Status == squares.ProviderCanceled
		case squares.PaymentRefunded:
			ok = pp.Status == squares.ProviderSucceeded && pp.AmountRefunded == p.Amount
		}
		if !ok {
			t.Fatalf("payment %s is %s here but %s at the provider (capturable %s, received %s, refunded %s)",
				p.ID, p.Status, pp.Status, pp.AmountCapturable, pp.AmountReceived, pp.AmountRefunded)
		}
	}
}

// checkPrizes checks that every prize is credited once, to its winner, and each pool's fee taken once.
func (s *Snapshot) checkPrizes(t testing.TB) {
	t.Helper()
	prizes := map[string][]*squares.LedgerTransaction{}
	fees := map[int64]int{}
	for _, tx := range s.Txs {
		switch tx.Kind {
		case squares.LedgerPrize:
			prizes[tx.Key] = append(prizes[tx.Key], tx)
		case squares.LedgerHouseFee:
			fees[tx.PoolID]++
		}
	}
	won := map[int64]bool{}
	paid := 0
	for _, w := range s.Winners {
		won[w.PoolID] = true
		key := fmt.Sprintf("prize:%d:%d", w.PoolID, w.Period)
		if w.Award != squares.AwardPeriod+":"+w.PeriodCode {
			key = fmt.Sprintf("prize:%d:%s", w.PoolID, w.Award)
		}
		if w.Amount <= 0 || w.Status == squares.WinnerFree {
			if len(prizes[key]) != 0 {
				t.Fatalf("winner of pool %d period %d wins nothing but has prize transactions %v", w.PoolID, w.Period, prizes[key])
			}
			continue
		}
		paid++
		to := squares.AccountHouseWinnings
		if w.UserID != 0 {
			to = squares.UserWinningsAccount(w.UserID)
		}
		txs := prizes[key]
		if len(txs) != 1 || txs[0].Amount != w.Amount || len(txs[0].Entries) != 2 || txs[0].Entries[1].Account != to {
			t.Fatalf("winner of pool %d period %d (%s to %s) has prize transactions %+v", w.PoolID, w.Period, w.Amount, to, txs)
		}
	}
	if len(prizes) != paid {
		t.Fatalf("%d prize transactions for %d winners who win money", len(prizes), paid)
	}
	for id, n := range fees {
		if n != 1 || !won[id] {
			t.Fatalf("pool %d has %d fee transactions and winners %v", id, n, won[id])
		}
	}
}

// CheckSettled checks, once nothing is in flight (no checkout open, the escrow's pass done), that every
// payment either gave its buyer the squares or was returned: none is pending, a complete pool's payments
// are all captured, a cancelled pool keeps none, and every pool is in a state it may rest in.
func (s *Snapshot) CheckSettled(t testing.TB) {
	t.Helper()
	for _, p := range s.Payments {
		pool := s.Pools[p.PoolID]
		switch {
		case p.Status == squares.PaymentPending:
			t.Fatalf("payment %s is still pending", p.ID)
		case pool.Status == squares.PoolCancelled && (p.Status == squares.PaymentHeld || p.Status == squares.PaymentCaptured):
			t.Fatalf("payment %s is %s in cancelled pool %d", p.ID, p.Status, p.PoolID)
		case pool.Taken == squares.SquaresPerPool && p.Status == squares.PaymentHeld:
			t.Fatalf("payment %s is held in complete pool %d, not captured", p.ID, p.PoolID)
		}
	}
}
