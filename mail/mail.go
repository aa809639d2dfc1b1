// Package mail sends the e-mail of the outbox. Messages are written to the database in the transaction
// that causes them (store.queueMail); the Mailer claims due messages with a lease, so that of several
// instances on one database only one sends each message, sends them through SMTP (go-mail), and marks
// them sent, or failed for another attempt after squares.MailRetryDelay, giving up after MaxAttempts.
//
// Delivery is at least once: an instance that stops after the SMTP server accepted a message but before
// it marked it sent leaves it to be sent again when its lease runs out, with the same Message-ID.
//
// Without an SMTP server, development mode keeps messages queued for /dev/mail to show; outside it they
// are marked skipped, so that admins see what was not sent and nothing floods out when SMTP is set later.
package mail

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/mail"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	gomail "github.com/wneessen/go-mail"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
)

// Config is the mailer's configuration, filled in by cmd/squares.
type Config struct {
	// SMTPURL is smtp://user:pass@host:port (STARTTLS when the server offers it; port 587 by default) or
	// smtps://user:pass@host:port (implicit TLS; port 465 by default). Empty: no SMTP server.
	SMTPURL string
	// From is the sender, "Squares <noreply@example.com>".
	From string
	// BaseURL is the site's address that links in messages start with, https://squares.example.com.
	BaseURL string
	// Dev is development mode: without SMTP, messages stay queued for /dev/mail.
	Dev bool
	// Interval is how often Run looks for messages to send.
	Interval time.Duration
	// Lease is how long a claimed message is the sender's alone: longer than sending it can take.
	Lease time.Duration
	// Batch is how many messages one pass takes at most.
	Batch int
	// MaxAttempts is how many attempts a message gets before it is failed for good.
	MaxAttempts int
	// Timeout bounds each SMTP connection's steps.
	Timeout time.Duration
}

// DefaultFrom is the sender in development mode when none is set.
const DefaultFrom = "Squares <squares@localhost>"

// Mailer sends the outbox. Create it with New; Run sends in the background, RunOnce makes one pass.
// Leases and due times are on the store's clock (store.DB.Now), which tests replace.
type Mailer struct {
	Store  *store.DB
	Logger *slog.Logger
	Config Config

	smtp  *smtpSettings
	from  *mail.Address
	owner string
	seq   atomic.Int64

	keyMu sync.Mutex
	key   []byte // signs unsubscribe links; read from the database once
}

// New returns a mailer on db. A bad SMTP URL or sender is an error.
func New(db *store.DB, cfg Config, logger *slog.Logger) (*Mailer, error) {
	if cfg.Interval <= 0 {
		cfg.Interval = 15 * time.Second
	}
	if cfg.Lease <= 0 {
		cfg.Lease = 5 * time.Minute
	}
	if cfg.Batch <= 0 {
		cfg.Batch = 50
	}
	if cfg.MaxAttempts <= 0 {
		cfg.MaxAttempts = squares.MailMaxAttempts
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 30 * time.Second
	}
	cfg.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
	if cfg.From == "" {
		cfg.From = DefaultFrom
	}
	from, err := mail.ParseAddress(cfg.From)
	if err != nil {
		return nil, fmt.Errorf("mail sender %q: %w", cfg.From, err)
	}
	m := &Mailer{Store: db, Logger: logger, Config: cfg, from: from}
	if cfg.SMTPURL != "" {
		if m.smtp, err = parseSMTPURL(cfg.SMTPURL); err != nil {
			return nil, err
		}
	}
	host, _ := os.Hostname()
	b := make([]byte, 6)
	rand.Read(b)
	m.owner = host + ":" + hex.EncodeToString(b)
	return m, nil
}

// Sending reports whether the mailer has an SMTP server to send through.
func (m *Mailer) Sending() bool { return m.smtp != nil }

// Describe tells what becomes of mail, for serve's log: where it goes, or why it is not sent.
func (m *Mailer) Describe() string {
	switch {
	case m.smtp != nil:
		return fmt.Sprintf("sent through %s from %s", m.smtp.String(), m.from.String())
	case m.Config.Dev:
		return "not sent (no SQUARES_SMTP_URL): queued and shown at /dev/mail"
	default:
		return "not sent (no SQUARES_SMTP_URL): recorded in the outbox as skipped"
	}
}

// Run sends messages every Interval until ctx ends; a full batch is followed at once by the next pass.
func (m *Mailer) Run(ctx context.Context) {
	for {
		p, err := m.RunOnce(ctx)
		if err != nil && ctx.Err() == nil {
			m.Logger.Warn("mail pass", "err", err)
		}
		wait := m.Config.Interval
		if err == nil && p.Claimed >= m.Config.Batch {
			wait = 0
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
	}
}

// Pass is what one pass did.
type Pass struct {
	Claimed  int // messages taken to send
	Sent     int
	Retrying int // failed, to try again later
	Failed   int // failed for good
	Skipped  int // not sent: no SMTP server outside development mode
}

// RunOnce makes one pass: it claims the due messages (at most Batch), sends them over one SMTP
// connection, and records each outcome.
func (m *Mailer) RunOnce(ctx context.Context) (Pass, error) {
	var p Pass
	if m.smtp == nil {
		if m.Config.Dev {
			return p, nil // queued, for /dev/mail
		}
		n, err := m.Store.SkipMail(ctx, "Not sent: no SMTP server is configured (SQUARES_SMTP_URL).")
		p.Skipped = n
		return p, err
	}
	owner := fmt.Sprintf("%s:%d", m.owner, m.seq.Add(1))
	claimed, err := m.Store.ClaimMail(ctx, owner, m.Config.Lease, m.Config.Batch)
	if err != nil || len(claimed) == 0 {
		return p, err
	}
	p.Claimed = len(claimed)
	msgs := make([]*gomail.Msg, len(claimed))
	errs := make([]error, len(claimed))
	for i, c := range claimed {
		msgs[i], errs[i] = m.build(ctx, c)
	}
	client, err := m.smtp.client(m.Config.Timeout)
	if err == nil {
		dialCtx, cancel := context.WithTimeout(ctx, m.Config.Timeout)
		err = client.DialWithContext(dialCtx)
		cancel()
	}
	if err != nil {
		err = fmt.Errorf("connect to %s: %w", m.smtp.String(), err)
	}
	for i := range claimed {
		if errs[i] == nil {
			errs[i] = err
		}
		if errs[i] == nil {
			errs[i] = client.Send(msgs[i])
		}
	}
	if err == nil {
		client.Close()
	}
	var firstErr error
	for i, c := range claimed {
		// Outcomes are recorded even when ctx ended: a sent message must not be sent again.
		rctx := context.WithoutCancel(ctx)
		if errs[i] == nil {
			ok, err := m.Store.MarkMailSent(rctx, c.ID, owner)
			if err != nil {
				firstErr = cmpOr(firstErr, err)
			} else if !ok {
				m.Logger.Warn("mail sent after its lease ran out: it may be sent twice", "mail", c.ID)
			}
			p.Sent++
			continue
		}
		status, err := m.Store.MarkMailFailed(rctx, c.ID, owner, errs[i].Error(), m.Config.MaxAttempts)
		if err != nil {
			firstErr = cmpOr(firstErr, err)
			continue
		}
		switch status {
		case squares.MailFailed:
			p.Failed++
			m.Logger.Error("mail failed for good", "mail", c.ID, "kind", c.Kind, "attempts", c.Attempts, "err", errs[i])
		case squares.MailQueued:
			p.Retrying++
			m.Logger.Warn("mail failed; will retry", "mail", c.ID, "kind", c.Kind, "attempts", c.Attempts, "err", errs[i])
		}
	}
	return p, firstErr
}

func cmpOr(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

// build makes the message to send: rendered text and HTML, Date (when it was queued), a Message-ID kept
// across attempts, and for non-essential messages List-Unsubscribe with one-click unsubscribing.
func (m *Mailer) build(ctx context.Context, c *squares.Mail) (*gomail.Msg, error) {
	r, err := m.Render(ctx, c)
	if err != nil {
		return nil, err
	}
	msg := gomail.NewMsg()
	if err := msg.FromFormat(m.from.Name, m.from.Address); err != nil {
		return nil, fmt.Errorf("from: %w", err)
	}
	if err := msg.To(c.To); err != nil {
		return nil, fmt.Errorf("to %q: %w", c.To, err)
	}
	msg.Subject(r.Subject)
	msg.SetDateWithValue(c.CreatedAt)
	msg.SetMessageIDWithValue(m.MessageID(c))
	msg.SetGenHeader(gomail.Header("Auto-Submitted"), "auto-generated")
	if r.Unsubscribe != "" {
		msg.SetGenHeader(gomail.HeaderListUnsubscribe, "<"+r.Unsubscribe+">")
		msg.SetGenHeader(gomail.HeaderListUnsubscribePost, "List-Unsubscribe=One-Click")
	}
	msg.SetBodyString(gomail.TypeTextPlain, r.Text)
	msg.AddAlternativeString(gomail.TypeTextHTML, r.HTML)
	return msg, nil
}

// MessageID is a message's Message-ID without its angle brackets: its token at the sender's domain.
func (m *Mailer) MessageID(c *squares.Mail) string {
	domain := "localhost"
	if at := strings.LastIndexByte(m.from.Address, '@'); at >= 0 {
		domain = m.from.Address[at+1:]
	}
	return fmt.Sprintf("%s.%d@%s", c.Token, c.ID, domain)
}

// unsubscribeKey is the key signing unsubscribe links, shared by every instance on the database.
func (m *Mailer) unsubscribeKey(ctx context.Context) ([]byte, error) {
	m.keyMu.Lock()
	defer m.keyMu.Unlock()
	if m.key == nil {
		k, err := UnsubscribeKey(ctx, m.Store)
		if err != nil {
			return nil, err
		}
		m.key = k
	}
	return m.key, nil
}

// UnsubscribeKey reads (or makes, the first time) the key signing unsubscribe links.
func UnsubscribeKey(ctx context.Context, db *store.DB) ([]byte, error) {
	return db.Secret(ctx, "mail-unsubscribe", 32)
}
