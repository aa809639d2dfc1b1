package mail

import (
	"bytes"
	"context"
	"fmt"
	htmltemplate "html/template"
	"net/url"
	"strconv"
	texttemplate "text/template"
	"time"

	"github.com/squaresapp/squares"
)

// Message is a message as it is sent: subject, plain text and HTML, and the unsubscribe link of a
// non-essential message ("" for an essential one).
type Message struct {
	Subject     string
	Text        string
	HTML        string
	Unsubscribe string
}

// content is what a message says; one layout writes it as text and as HTML.
type content struct {
	Subject     string
	Greeting    string
	Paragraphs  []string
	Code        string // an invite code, shown on its own
	ActionLabel string
	ActionURL   string
	Unsubscribe string
}

// Render writes a message of the outbox as it is sent. Links start with Config.BaseURL.
func (m *Mailer) Render(ctx context.Context, c *squares.Mail) (*Message, error) {
	d := func(name string) string { return c.Data[name] }
	pool := d("pool")
	if pool == "" {
		pool = "your pool"
	}
	ct := content{Greeting: "Hi,"}
	if name := d("firstName"); name != "" {
		ct.Greeting = "Hi " + name + ","
	}
	poolURL := m.link("/pools/" + strconv.FormatInt(c.PoolID, 10))
	switch c.Kind {
	case squares.MailInvitation:
		// The pool's name and the inviter's are a player's words, never ours: the subject carries neither, and
		// the body quotes the name as what the inviter called their pool (a pool named "FREE $500 at
		// evil.example" must not read as our offer).
		code := d("code")
		inviter, author := d("inviter"), d("inviter")
		if inviter == "" {
			inviter, author = "A player", "the player who invited you"
		}
		kickoff := d("kickoff")
		if t, err := time.Parse(time.RFC3339, kickoff); err == nil {
			kickoff = squares.FormatEastern(t)
		}
		ct.Subject = "You're invited to a squares pool: " + d("game")
		when := ""
		if kickoff != "" {
			when = ", kicking off " + kickoff
		}
		ct.Paragraphs = []string{
			fmt.Sprintf("%s invited you to their pool, which they named: \u201c%s\u201d", inviter, d("pool")),
			fmt.Sprintf("It is a private squares pool on Squares for %s%s.", d("game"), when),
			fmt.Sprintf("The pool's name was written by %s, not by Squares. If you do not know who sent this, you can ignore it.", author),
			"Open the link to join, or enter the invite code on the Join by code screen.",
		}
		ct.Code, ct.ActionLabel, ct.ActionURL = code, "Join the pool", m.link("/join/"+url.PathEscape(code))
	case squares.MailPrizeWon:
		ct.Subject = "You won a prize in " + pool
		ct.Paragraphs = []string{d("message"), "Claim it from the Winnings tab of My Pools before the deadline, or it is forfeited."}
		ct.ActionLabel, ct.ActionURL = "Claim your prize", m.link("/my-pools")
	case squares.MailPrizeForfeitReminder:
		ct.Subject = "Claim your prize in " + pool + " before it is forfeited"
		ct.Paragraphs = []string{d("message")}
		ct.ActionLabel, ct.ActionURL = "Claim your prize", m.link("/my-pools")
	case squares.MailPrizeForfeited:
		ct.Subject = "Your prize in " + pool + " was forfeited"
		ct.Paragraphs = []string{d("message")}
	case squares.MailRefund:
		ct.Subject = "Your refund for " + pool
		ct.Paragraphs = []string{d("message"), "Refunds usually reach your card within 5 to 10 business days."}
		ct.ActionLabel, ct.ActionURL = "Your transactions", m.link("/my-pools")
	case squares.MailPoolCancelled:
		ct.Subject = pool + " was cancelled"
		ct.Paragraphs = []string{d("message"), "Any money you paid for squares in this pool is returned to your card; you are not charged."}
		ct.ActionLabel, ct.ActionURL = "See the pool", poolURL
	case squares.MailHoldReleased:
		ct.Subject = "Your squares in " + pool + " were released"
		ct.Paragraphs = []string{d("message"), "Nothing was charged. The squares are free for anyone to claim again."}
		ct.ActionLabel, ct.ActionURL = "See the pool", poolURL
	case squares.MailPaymentReminder:
		// The instructions are the host's words, quoted as theirs, never ours.
		ct.Subject = "Reminder: pay the host for your squares in " + pool
		ct.Paragraphs = []string{d("message")}
		if in := d("instructions"); in != "" {
			ct.Paragraphs = append(ct.Paragraphs, "How to pay, in the host's words: \u201c"+in+"\u201d")
		}
		ct.Paragraphs = append(ct.Paragraphs, "The host collects this pool's money: you pay the host directly, "+
			"not Squares, and the host records your payment.")
		ct.ActionLabel, ct.ActionURL = "See the pool", poolURL
	case squares.MailUnpaidReleased:
		ct.Subject = "Your unpaid squares in " + pool + " were released"
		ct.Paragraphs = []string{d("message"), "If you paid the host already, ask them to record your payment; " +
			"while the pool is open you can take squares again."}
		ct.ActionLabel, ct.ActionURL = "See the pool", poolURL
	case squares.MailPasswordReset, squares.MailPasswordChanged:
		renderAccount(&ct, c, m.link)
	default:
		return nil, fmt.Errorf("mail %d: unknown kind %q", c.ID, c.Kind)
	}
	if !c.Essential && c.UserID != 0 {
		key, err := m.unsubscribeKey(ctx)
		if err != nil {
			return nil, err
		}
		ct.Unsubscribe = m.UnsubscribeURL(key, c.UserID)
	}
	var text, html bytes.Buffer
	if err := textLayout.Execute(&text, ct); err != nil {
		return nil, fmt.Errorf("mail %d text: %w", c.ID, err)
	}
	if err := htmlLayout.Execute(&html, ct); err != nil {
		return nil, fmt.Errorf("mail %d html: %w", c.ID, err)
	}
	return &Message{Subject: ct.Subject, Text: text.String(), HTML: html.String(), Unsubscribe: ct.Unsubscribe}, nil
}

// link is an absolute link to a path of the site.
func (m *Mailer) link(path string) string { return m.Config.BaseURL + path }

// UnsubscribeURL is a player's signed link turning their non-essential e-mail off without a sign-in.
func (m *Mailer) UnsubscribeURL(key []byte, userID int64) string {
	return m.link("/api/mail/unsubscribe?" + url.Values{"u": {strconv.FormatInt(userID, 10)},
		"t": {squares.UnsubscribeToken(key, userID)}}.Encode())
}

var textLayout = texttemplate.Must(texttemplate.New("text").Parse(
	`{{.Greeting}}
{{range .Paragraphs}}
{{.}}
{{end}}{{if .Code}}
Invite code: {{.Code}}
{{end}}{{if .ActionURL}}
{{.ActionLabel}}: {{.ActionURL}}
{{end}}
-- Squares
{{if .Unsubscribe}}
You get this e-mail because you play on Squares. Turn these e-mails off: {{.Unsubscribe}}
(Messages about your money, prizes and invitations are always sent.)
{{end}}`))

var htmlLayout = htmltemplate.Must(htmltemplate.New("html").Parse(`<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>{{.Subject}}</title></head>
<body style="font-family: Arial, sans-serif; color: #111827; max-width: 560px; margin: 0 auto; padding: 24px;">
<p>{{.Greeting}}</p>
{{range .Paragraphs}}<p>{{.}}</p>
{{end}}{{if .Code}}<p>Invite code: <strong style="font-size: 20px; letter-spacing: 2px;">{{.Code}}</strong></p>
{{end}}{{if .ActionURL}}<p><a href="{{.ActionURL}}" style="display: inline-block; background: #2563eb; color: #ffffff; padding: 10px 18px; border-radius: 6px; text-decoration: none;">{{.ActionLabel}}</a></p>
<p style="font-size: 12px; color: #6b7280;">Or open {{.ActionURL}}</p>
{{end}}<p>Squares</p>
{{if .Unsubscribe}}<hr style="border: none; border-top: 1px solid #e5e7eb;">
<p style="font-size: 12px; color: #6b7280;">You get this e-mail because you play on Squares.
<a href="{{.Unsubscribe}}">Turn these e-mails off</a>. Messages about your money, prizes and invitations are always sent.</p>
{{end}}</body></html>
`))
