package squares

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"strconv"
	"time"
)

// Mail kinds: what an e-mail is about.
const (
	MailInvitation           = "invitation"       // a player invites someone to a pool: essential
	MailPrizeWon             = "prize_won"        // a period won, with the amount and the claim deadline: essential
	MailPrizeForfeitReminder = "prize_forfeit"    // a prize about to be forfeited: essential
	MailPrizeForfeited       = "prize_forfeited"  // a prize forfeited, after the fact
	MailRefund               = "payment_refunded" // money refunded to the card: essential
	MailPoolCancelled        = "pool_cancelled"   // a pool the player was in was cancelled (and their hold released): essential
	MailHoldReleased         = "hold_released"    // squares held for a checkout were released (expired, cancelled)
	MailPaymentReminder      = "payment_reminder" // a host pool's member owes the host: pay by the deadline: essential
	MailUnpaidReleased       = "unpaid_released"  // a host pool's squares not paid for by the deadline were released: essential
)

// Mail kinds about the account itself, both essential.
const (
	MailPasswordReset   = "password_reset"   // a link to set a new password, asked for on the sign-in screen
	MailPasswordChanged = "password_changed" // the account's password was changed or reset
)

// Mail statuses.
const (
	MailQueued  = "queued"  // waiting to be sent (again, after a failed attempt)
	MailSent    = "sent"    // accepted by the SMTP server
	MailFailed  = "failed"  // given up after MailMaxAttempts attempts
	MailSkipped = "skipped" // never sent: the player opted out since, or no SMTP server outside development mode
)

// MailMaxAttempts is how many times a message is tried before it is given up as failed.
const MailMaxAttempts = 8

// Delays between attempts to send a message.
const (
	MailRetryFirst = time.Minute
	MailRetryMax   = time.Hour
)

// MailRetryDelay is how long a message waits after its attempts-th failed attempt: a minute, doubling, at
// most an hour (eight attempts span about two hours).
func MailRetryDelay(attempts int) time.Duration {
	d := MailRetryFirst
	for i := 1; i < attempts && d < MailRetryMax; i++ {
		d *= 2
	}
	return min(d, MailRetryMax)
}

// MailKindOf is the e-mail a player gets for a notification of the kind, "" for none. A released
// payment is a cancelled pool's when its pool was cancelled, else an expired or abandoned hold. Messages
// to admins (external refunds, disputes) are not e-mailed.
func MailKindOf(notificationKind string, poolCancelled bool) string {
	switch notificationKind {
	case NotifyPrizeWon:
		return MailPrizeWon
	case NotifyPrizeForfeitReminder:
		return MailPrizeForfeitReminder
	case NotifyPrizeForfeited:
		return MailPrizeForfeited
	case NotifyPaymentRefunded:
		return MailRefund
	case NotifyPoolCancelled:
		return MailPoolCancelled
	case NotifyPaymentReminder:
		return MailPaymentReminder
	case NotifyUnpaidReleased:
		return MailUnpaidReleased
	case NotifyPaymentReleased:
		if poolCancelled {
			return MailPoolCancelled
		}
		return MailHoldReleased
	}
	return ""
}

// MailEssential reports whether every player gets messages of the kind: money owed or moved, a pool
// gone, an invitation someone asked for. The others are sent only to players who did not opt out, and
// carry a List-Unsubscribe link.
func MailEssential(kind string) bool {
	switch kind {
	case MailHoldReleased, MailPrizeForfeited:
		return false
	}
	return true
}

// Mail is one message of the outbox.
type Mail struct {
	ID     int64
	Kind   string
	To     string
	UserID int64 // the player it is for; 0 for an address that is no player's (an invitation)
	PoolID int64
	// Data is what the message says, by name (pool, amount, message, code, ...); rendered when sent.
	Data      map[string]string
	Secret    string // what must not outlive sending (a reset link's token): kept only while queued
	Essential bool
	// Token is the left part of the Message-ID, fixed when queued so that a resend keeps it.
	Token         string
	Status        string
	Attempts      int
	NextAttemptAt time.Time
	LastError     string
	CreatedAt     time.Time
	SentAt        *time.Time
}

// Invitation asks for an invitation to a pool to be e-mailed.
type Invitation struct {
	PoolID    int64
	Email     string
	Code      string // the pool's invite code; empty reads the pool's
	InviterID int64  // the player inviting; 0 when unknown
}

// UnsubscribeToken signs a player's unsubscribe link with key: it turns their non-essential e-mail off
// without a sign-in, and cannot be made for another player without the key.
func UnsubscribeToken(key []byte, userID int64) string {
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte("unsubscribe:" + strconv.FormatInt(userID, 10)))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

// ValidUnsubscribeToken reports whether token is the player's unsubscribe token under key.
func ValidUnsubscribeToken(key []byte, userID int64, token string) bool {
	return userID > 0 && len(key) > 0 && hmac.Equal([]byte(token), []byte(UnsubscribeToken(key, userID)))
}
