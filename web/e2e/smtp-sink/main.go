// Command smtp-sink is the end-to-end suite's mail server: a real SMTP server (go-smtp) on a local address
// that accepts every message and writes each, decoded, as a JSON file in a folder the specs read
// (e2e/mail.ts). It speaks plain SMTP without authentication, as a relay on localhost does.
//
//	go run ./e2e/smtp-sink -addr 127.0.0.1:2525 -dir /tmp/mail
package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/mail"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/emersion/go-smtp"
)

// message is what a spec reads of a received message.
type message struct {
	From       string    `json:"from"`
	To         []string  `json:"to"`
	Subject    string    `json:"subject"`
	MessageID  string    `json:"messageId"`
	Text       string    `json:"text"`
	HTML       string    `json:"html"`
	ReceivedAt time.Time `json:"receivedAt"`
}

type backend struct {
	dir string
	seq atomic.Int64
}

func (b *backend) NewSession(*smtp.Conn) (smtp.Session, error) { return &session{b: b}, nil }

type session struct {
	b    *backend
	from string
	to   []string
}

func (s *session) Mail(from string, _ *smtp.MailOptions) error { s.from = from; return nil }
func (s *session) Rcpt(to string, _ *smtp.RcptOptions) error   { s.to = append(s.to, to); return nil }
func (s *session) Reset()                                      { s.from, s.to = "", nil }
func (s *session) Logout() error                               { return nil }

func (s *session) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	m, err := decode(raw)
	if err != nil {
		return &smtp.SMTPError{Code: 554, EnhancedCode: smtp.EnhancedCode{5, 6, 0}, Message: err.Error()}
	}
	m.From, m.To, m.ReceivedAt = s.from, s.to, time.Now().UTC()
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	// Written whole, then renamed: a reader never sees half a message.
	name := fmt.Sprintf("%d-%04d.json", time.Now().UnixNano(), s.b.seq.Add(1))
	tmp := filepath.Join(s.b.dir, "."+name)
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, filepath.Join(s.b.dir, name))
}

// decode reads a message's subject and its text and HTML parts, undoing their transfer encodings.
func decode(raw []byte) (*message, error) {
	msg, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return nil, err
	}
	subject, err := new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject"))
	if err != nil {
		subject = msg.Header.Get("Subject")
	}
	m := &message{Subject: subject, MessageID: msg.Header.Get("Message-ID")}
	err = readPart(m, msg.Header.Get("Content-Type"), msg.Header.Get("Content-Transfer-Encoding"), msg.Body)
	return m, err
}

func readPart(m *message, contentType, encoding string, body io.Reader) error {
	mt, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		mt = "text/plain"
	}
	if strings.HasPrefix(mt, "multipart/") {
		mr := multipart.NewReader(body, params["boundary"])
		for {
			p, err := mr.NextRawPart()
			if err == io.EOF {
				return nil
			} else if err != nil {
				return err
			}
			if err := readPart(m, p.Header.Get("Content-Type"), p.Header.Get("Content-Transfer-Encoding"), p); err != nil {
				return err
			}
		}
	}
	switch strings.ToLower(encoding) {
	case "quoted-printable":
		body = quotedprintable.NewReader(body)
	case "base64":
		body = base64.NewDecoder(base64.StdEncoding, body)
	}
	b, err := io.ReadAll(body)
	if err != nil {
		return err
	}
	switch mt {
	case "text/plain":
		m.Text += string(b)
	case "text/html":
		m.HTML += string(b)
	}
	return nil
}

func main() {
	addr := flag.String("addr", "127.0.0.1:2525", "address to listen on")
	dir := flag.String("dir", "", "folder to write received messages to, one JSON file each")
	flag.Parse()
	if *dir == "" {
		log.Fatal("smtp-sink: -dir is required")
	}
	if err := os.MkdirAll(*dir, 0o755); err != nil {
		log.Fatal(err)
	}
	s := smtp.NewServer(&backend{dir: *dir})
	s.Addr, s.Domain = *addr, "localhost"
	s.ReadTimeout, s.WriteTimeout = 30*time.Second, 30*time.Second
	s.MaxMessageBytes = 10 << 20
	log.Printf("smtp-sink: listening on %s, writing to %s", *addr, *dir)
	log.Fatal(s.ListenAndServe())
}
