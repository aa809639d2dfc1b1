package squares

import (
	"testing"
	"time"
)

func TestMailRetryDelay(t *testing.T) {
	for _, tc := range []struct {
		attempts int
		want     time.Duration
	}{
		{0, time.Minute}, {1, time.Minute}, {2, 2 * time.Minute}, {3, 4 * time.Minute}, {6, 32 * time.Minute},
		{7, time.Hour}, {8, time.Hour}, {100, time.Hour},
	} {
		if got := MailRetryDelay(tc.attempts); got != tc.want {
			t.Errorf("MailRetryDelay(%d) = %s, want %s", tc.attempts, got, tc.want)
		}
	}
}

func TestMailKinds(t *testing.T) {
	for _, tc := range []struct {
		notification string
		cancelled    bool
		want         string
		essential    bool
	}{
		{NotifyPrizeWon, false, MailPrizeWon, true},
		{NotifyPrizeForfeitReminder, false, MailPrizeForfeitReminder, true},
		{NotifyPrizeForfeited, false, MailPrizeForfeited, false},
		{NotifyPaymentRefunded, true, MailRefund, true},
		{NotifyPoolCancelled, true, MailPoolCancelled, true},
		{NotifyPaymentReleased, true, MailPoolCancelled, true},
		{NotifyPaymentReleased, false, MailHoldReleased, false},
		{NotifyPaymentReminder, false, MailPaymentReminder, true},
		{NotifyUnpaidReleased, false, MailUnpaidReleased, true},
		{NotifyHostUnpaidReleased, false, "", false},
		{NotifyHostPrizeWon, false, "", false},
		{NotifyHostPrizePaid, false, "", false},
		{NotifyDispute, false, "", false},
		{NotifyExternalRefund, false, "", false},
	} {
		got := MailKindOf(tc.notification, tc.cancelled)
		if got != tc.want || (got != "" && MailEssential(got) != tc.essential) {
			t.Errorf("MailKindOf(%s, %v) = %q (essential %v), want %q (%v)", tc.notification, tc.cancelled, got,
				MailEssential(got), tc.want, tc.essential)
		}
	}
	if !MailEssential(MailInvitation) {
		t.Error("an invitation is not essential")
	}
}

func TestUnsubscribeToken(t *testing.T) {
	key := []byte("0123456789abcdef0123456789abcdef")
	tok := UnsubscribeToken(key, 42)
	if !ValidUnsubscribeToken(key, 42, tok) {
		t.Fatal("the player's own token is refused")
	}
	for _, tc := range []struct {
		key   []byte
		user  int64
		token string
	}{
		{key, 43, tok}, {[]byte("another key"), 42, tok}, {key, 42, tok[:len(tok)-1]}, {key, 42, ""}, {nil, 42, tok},
		{key, 0, UnsubscribeToken(key, 0)},
	} {
		if ValidUnsubscribeToken(tc.key, tc.user, tc.token) {
			t.Errorf("token %q for user %d accepted", tc.token, tc.user)
		}
	}
}
