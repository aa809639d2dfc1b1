package mail

import (
	"context"
	"html"
	"mime"
	"strings"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store/storetest"
)

// TestPasswordResetOverSMTP: a reset link reaches a real SMTP server with the token in its link, text and
// HTML; once sent the outbox keeps no link. The notice that the password changed follows the reset.
func TestPasswordResetOverSMTP(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		f := newFixture(t, engine)
		in := startInbox(t, inboxOptions{})
		m := f.mailer(t, in, Config{})
		token, _, err := squares.NewPasswordResetToken()
		if err != nil {
			t.Fatal(err)
		}
		if queued, err := f.db.RequestPasswordReset(ctx, f.player.Email, token); err != nil || !queued {
			t.Fatal(queued, err)
		}
		wantPass(t, m, Pass{Claimed: 1, Sent: 1})
		got := in.messages()
		if len(got) != 1 || len(got[0].To) != 1 || got[0].To[0] != f.player.Email {
			t.Fatalf("received %+v", got)
		}
		p := parse(t, got[0])
		subject, _ := new(mime.WordDecoder).DecodeHeader(p.header.Get("Subject"))
		if subject != "Reset your Squares password" || p.header.Get("List-Unsubscribe") != "" {
			t.Errorf("Subject %q, List-Unsubscribe %q", subject, p.header.Get("List-Unsubscribe"))
		}
		link := "https://squares.example.com/reset-password?token=" + token
		if !strings.Contains(p.text, "Choose a new password: "+link) || !strings.Contains(p.text, "Hi Pat,") ||
			!strings.Contains(p.text, "60 minutes") || !strings.Contains(p.text, "ignore this e-mail") {
			t.Errorf("text part:\n%s", p.text)
		}
		if !strings.Contains(html.UnescapeString(p.html), `href="`+link+`"`) {
			t.Errorf("html part has no link:\n%s", p.html)
		}
		// Sent: the outbox keeps neither the token nor a link.
		sent, _ := f.db.ListMail(ctx, squares.MailSent, 10)
		if len(sent) != 1 || sent[0].Secret != "" || strings.Contains(sent[0].Data["firstName"]+sent[0].Data["expiresAt"], token) {
			t.Fatalf("sent = %+v", sent)
		}
		r, err := m.Render(ctx, sent[0])
		if err != nil || strings.Contains(r.Text, "reset-password") || !strings.Contains(r.Text, "not kept") {
			t.Errorf("rendered after sending: %v\n%s", err, r.Text)
		}

		// The reset itself: the owner is told.
		f.clock.Add(10 * time.Minute)
		if _, err := f.db.ResetPassword(ctx, token, "new-hash"); err != nil {
			t.Fatal(err)
		}
		wantPass(t, m, Pass{Claimed: 1, Sent: 1})
		p = parse(t, in.messages()[1])
		subject, _ = new(mime.WordDecoder).DecodeHeader(p.header.Get("Subject"))
		if subject != "Your Squares password was changed" || !strings.Contains(p.text, "was reset with a link") ||
			!strings.Contains(p.text, "Fri Nov 20, 10:10 AM ET") || !strings.Contains(p.text, "Forgot password?") ||
			!strings.Contains(p.text, "https://squares.example.com/login") {
			t.Errorf("%q:\n%s", subject, p.text)
		}
	})
}
