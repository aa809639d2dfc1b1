package main

import (
	"bytes"
	"strings"
	"testing"

	gomail "github.com/wneessen/go-mail"
)

// TestDecode: a message as Squares' mailer writes it (go-mail: multipart/alternative, quoted-printable,
// an encoded subject) is read back to its subject and both parts, with long links whole.
func TestDecode(t *testing.T) {
	link := "http://127.0.0.1:8080/reset-password?token=" + strings.Repeat("aB3_-", 9)
	msg := gomail.NewMsg()
	if err := msg.From("squares@localhost"); err != nil {
		t.Fatal(err)
	}
	if err := msg.To("ann@example.com"); err != nil {
		t.Fatal(err)
	}
	msg.Subject("Reset your Squares password — now")
	msg.SetBodyString(gomail.TypeTextPlain, "Hi Ann,\n\nChoose a new password: "+link+"\n")
	msg.AddAlternativeString(gomail.TypeTextHTML, `<p><a href="`+link+`">Choose a new password</a></p>`)
	var raw bytes.Buffer
	if _, err := msg.WriteTo(&raw); err != nil {
		t.Fatal(err)
	}
	m, err := decode(raw.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if m.Subject != "Reset your Squares password — now" || !strings.Contains(m.Text, "Choose a new password: "+link) || strings.Contains(m.Text, "=3D") ||
		!strings.Contains(m.HTML, `href="`+link+`"`) {
		t.Fatalf("decoded %+v\nfrom\n%s", m, raw.String())
	}
}
