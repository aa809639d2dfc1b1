package squares

import (
	"slices"
	"testing"
)

var ledgerPayment = &Payment{ID: "pay_1", UserID: 7, PoolID: 3, Amount: 2500}

// movement is a transaction as a line: kind, key, amount and entries.
func movement(t LedgerTransaction) string {
	s := t.Kind + " " + t.Key + " " + t.Amount.String()
	for _, e := range t.Entries {
		s += " " + e.Account + "=" + e.Amount.String()
	}
	return s
}

func movements(txs []LedgerTransaction) []string {
	var out []string
	for _, t := range txs {
		if !t.Balanced() || t.PaymentID != ledgerPayment.ID || t.PoolID != ledgerPayment.PoolID {
			out = append(out, "bad: "+movement(t))
			continue
		}
		out = append(out, movement(t))
	}
	return out
}

func TestExternalRefundTransaction(t *testing.T) {
	for _, tc := range []struct {
		name               string
		recorded, refunded Cents
		want               string
	}{
		{"first partial", 0, 1000, "external_refund external_refund:pay_1:1000 10.00 house:losses=-10.00 world=10.00"},
		{"second partial: the difference", 1000, 1500, "external_refund external_refund:pay_1:1500 5.00 house:losses=-5.00 world=5.00"},
		{"the rest", 1500, 2500, "external_refund external_refund:pay_1:2500 10.00 house:losses=-10.00 world=10.00"},
		{"delivered again", 1500, 1500, ""},
		{"an older total", 1500, 1000, ""},
		{"more than the payment is capped", 1000, 9999, "external_refund external_refund:pay_1:2500 15.00 house:losses=-15.00 world=15.00"},
		{"all recorded", 2500, 9999, ""},
	} {
		tx, ok := ExternalRefundTransaction(ledgerPayment, tc.recorded, tc.refunded)
		got := ""
		if ok {
			got = movements([]LedgerTransaction{tx})[0]
			if tx.UserID != ledgerPayment.UserID {
				t.Errorf("%s: user %d", tc.name, tx.UserID)
			}
		}
		if got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestDisputeTransactions(t *testing.T) {
	for _, tc := range []struct {
		d    ProviderDispute
		want []string
	}{
		{ProviderDispute{"dp_1", 2500, DisputeNeedsResponse}, []string{"dispute dispute:dp_1 25.00 house:losses=-25.00 world=25.00"}},
		{ProviderDispute{"dp_1", 2500, DisputeUnderReview}, []string{"dispute dispute:dp_1 25.00 house:losses=-25.00 world=25.00"}},
		{ProviderDispute{"dp_1", 2500, DisputeLost}, []string{"dispute dispute:dp_1 25.00 house:losses=-25.00 world=25.00"}},
		{ProviderDispute{"dp_2", 700, DisputeWon}, []string{"dispute dispute:dp_2 7.00 house:losses=-7.00 world=7.00",
			"dispute_won dispute_won:dp_2 7.00 world=-7.00 house:losses=7.00"}},
		{ProviderDispute{"dp_3", 9999, DisputeNeedsResponse}, []string{"dispute dispute:dp_3 25.00 house:losses=-25.00 world=25.00"}},
		// Inquiries and prevented disputes take nothing.
		{ProviderDispute{"dp_4", 2500, DisputeWarningNeedsResponse}, nil},
		{ProviderDispute{"dp_4", 2500, DisputeWarningUnderReview}, nil},
		{ProviderDispute{"dp_4", 2500, DisputeWarningClosed}, nil},
		{ProviderDispute{"dp_5", 2500, DisputePrevented}, nil},
		{ProviderDispute{"dp_6", 0, DisputeNeedsResponse}, nil},
	} {
		if got := movements(DisputeTransactions(ledgerPayment, tc.d)); !slices.Equal(got, tc.want) {
			t.Errorf("%+v: %q, want %q", tc.d, got, tc.want)
		}
	}
}

func TestRefundTransactions(t *testing.T) {
	for _, tc := range []struct {
		covered Cents
		want    []string
	}{
		{0, []string{"refund refund:pay_1 25.00 pool:3:escrow=-25.00 world=25.00"}},
		{1500, []string{"refund refund:pay_1 10.00 pool:3:escrow=-10.00 world=10.00",
			"recover recover:pay_1 15.00 pool:3:escrow=-15.00 house:losses=15.00"}},
		{2500, []string{"recover recover:pay_1 25.00 pool:3:escrow=-25.00 house:losses=25.00"}},
		{-5, []string{"refund refund:pay_1 25.00 pool:3:escrow=-25.00 world=25.00"}},
	} {
		txs := RefundTransactions(ledgerPayment, tc.covered)
		if got := movements(txs); !slices.Equal(got, tc.want) {
			t.Errorf("covered %s: %q, want %q", tc.covered, got, tc.want)
		}
		for _, tx := range txs {
			// The player sees the money that came to the card; the house's recovery is not theirs.
			if (tx.Kind == LedgerRefund) != (tx.UserID == ledgerPayment.UserID) {
				t.Errorf("covered %s: %s has user %d", tc.covered, tx.Kind, tx.UserID)
			}
		}
	}
}

func TestLedgerAccountOf(t *testing.T) {
	for _, tc := range []struct {
		account      string
		pool, player int64
	}{
		{PoolHeldAccount(12), 12, 0},
		{PoolEscrowAccount(7), 7, 0},
		{UserWinningsAccount(31), 0, 31},
		{AccountWorld, 0, 0},
		{AccountHouseFees, 0, 0},
		{AccountPayoutsPending, 0, 0},
		{"pool:12:other", 0, 0},
		{"pool:012:held", 0, 0},
		{"pool:-3:held", 0, 0},
		{"pool:x:held", 0, 0},
		{"user:4:escrow", 0, 0},
		{"pool:1:held:extra", 0, 0},
	} {
		if pool, player := LedgerAccountOf(tc.account); pool != tc.pool || player != tc.player {
			t.Errorf("LedgerAccountOf(%q) = %d, %d; want %d, %d", tc.account, pool, player, tc.pool, tc.player)
		}
	}
}

func TestLedgerKinds(t *testing.T) {
	for _, k := range []string{LedgerHold, LedgerCapture, LedgerClaim, LedgerRecover, LedgerHouseFee} {
		if !IsLedgerKind(k) {
			t.Errorf("%q is not a ledger kind", k)
		}
	}
	for _, k := range []string{"", "HOLD", "transfer", "hold "} {
		if IsLedgerKind(k) {
			t.Errorf("%q is a ledger kind", k)
		}
	}
	if len(slices.Compact(slices.Sorted(slices.Values(LedgerKinds)))) != len(LedgerKinds) {
		t.Error("a ledger kind is listed twice")
	}
}
