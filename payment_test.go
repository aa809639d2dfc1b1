package squares

import (
	"testing"
	"time"
)

func TestRetryDelay(t *testing.T) {
	for _, tc := range []struct {
		attempts int
		want     time.Duration
	}{
		{0, 30 * time.Second},
		{1, 30 * time.Second},
		{2, time.Minute},
		{3, 2 * time.Minute},
		{10, 512 * 30 * time.Second}, // 4 h 16 min
		{11, 6 * time.Hour},          // 1024 x 30 s is past the cap
		{12, 6 * time.Hour},
		{1000, 6 * time.Hour},
	} {
		if got := RetryDelay(tc.attempts); got != tc.want {
			t.Errorf("RetryDelay(%d) = %s, want %s", tc.attempts, got, tc.want)
		}
	}
}

// TestPaymentActs: which acts are recorded for a payment in each status: a capture of a held payment, a
// release of a pending or held one (a captured one is a conflict), our refund of a captured one, a refund
// outside Squares of a captured one in a pool not cancelled, a dispute of one captured (or refunded since).
func TestPaymentActs(t *testing.T) {
	for _, tc := range []struct {
		status                            string
		capture, release, refund, dispute bool
		releaseConflict                   bool
		externalRefund                    bool
	}{
		{status: PaymentPending, release: true},
		{status: PaymentHeld, capture: true, release: true},
		{status: PaymentCaptured, releaseConflict: true, refund: true, externalRefund: true, dispute: true},
		{status: PaymentReleased},
		{status: PaymentRefunded, dispute: true},
		{status: PaymentFailed},
	} {
		p := &Payment{Status: tc.status}
		if got := CaptureRecordable(p); got != tc.capture {
			t.Errorf("%s: CaptureRecordable = %v, want %v", tc.status, got, tc.capture)
		}
		release, err := CheckRelease(p)
		if release != tc.release || (ErrorCode(err) == ECONFLICT) != tc.releaseConflict || (err != nil) != tc.releaseConflict {
			t.Errorf("%s: CheckRelease = %v, %v; want %v, conflict %v", tc.status, release, err, tc.release, tc.releaseConflict)
		}
		if got := RefundRecordable(p); got != tc.refund {
			t.Errorf("%s: RefundRecordable = %v, want %v", tc.status, got, tc.refund)
		}
		if got := DisputeRecordable(p); got != tc.dispute {
			t.Errorf("%s: DisputeRecordable = %v, want %v", tc.status, got, tc.dispute)
		}
		for _, pool := range []string{PoolActive, PoolFull, PoolStarted, PoolCompleted, PoolCancelled} {
			want := tc.externalRefund && pool != PoolCancelled
			if got := ExternalRefundRecordable(p, pool); got != want {
				t.Errorf("%s in a %s pool: ExternalRefundRecordable = %v, want %v", tc.status, pool, got, want)
			}
		}
	}
}
