package http

import (
	"html/template"
	"net/http"
	"time"

	"github.com/squaresapp/squares"
)

// devMailPage lists the outbox with every message as it is (or would be) sent, text and HTML: in
// development mode without SMTP this is where e-mail goes.
var devMailPage = template.Must(template.New("devmail").Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Outbox ({{len .Messages}}) - Squares development</title>
<style>
body { font-family: Arial, sans-serif; margin: 24px; color: #111827; }
article { border: 1px solid #d1d5db; border-radius: 8px; padding: 12px 16px; margin: 16px 0; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 8px 0; font-size: 14px; }
dt { color: #6b7280; }
pre { white-space: pre-wrap; background: #f9fafb; padding: 8px; font-size: 13px; }
iframe { width: 100%; height: 380px; border: 1px solid #e5e7eb; }
.parts { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
</style></head>
<body data-page="dev-mail">
<h1>Outbox</h1>
<p>{{.Mode}}. The newest {{len .Messages}} messages; reload for new ones.</p>
{{range .Messages}}<article id="mail-{{.ID}}">
<h2 style="font-size: 17px;">{{.Subject}}</h2>
<dl><dt>To</dt><dd>{{.To}}</dd><dt>Kind</dt><dd>{{.Kind}}{{if not .Essential}} (optional){{end}}</dd>
<dt>Status</dt><dd>{{.Status}}{{if .Attempts}}, {{.Attempts}} attempt(s){{end}}{{if .LastError}}: {{.LastError}}{{end}}</dd>
<dt>Queued</dt><dd>{{.Queued}}</dd>{{if .Unsubscribe}}<dt>List-Unsubscribe</dt><dd><a href="{{.Unsubscribe}}">{{.Unsubscribe}}</a></dd>{{end}}</dl>
{{if .Error}}<p>Cannot render: {{.Error}}</p>{{else}}<div class="parts"><pre>{{.Text}}</pre>
<iframe sandbox title="HTML part" srcdoc="{{.HTML}}"></iframe></div>{{end}}
</article>
{{else}}<p>No messages yet.</p>{{end}}
</body></html>
`))

type devMailItem struct {
	*squares.Mail
	Subject, Text, HTML, Unsubscribe, Error, Queued string
}

// handleDevMail serves the outbox page of development mode, rendered by the server's mailer; a server
// without one (cmd/squares always gives it one) answers 503.
func (s *Server) handleDevMail(w http.ResponseWriter, r *http.Request) {
	m := s.Mail
	if m == nil {
		s.Error(w, r, squares.Errorf(squares.EUNAVAILABLE, "Mail is not set up on this server."))
		return
	}
	ms, err := s.Store.ListMail(r.Context(), "", 100)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	page := struct {
		Mode     string
		Messages []devMailItem
	}{Mode: "Mail is " + m.Describe()}
	for _, c := range ms {
		it := devMailItem{Mail: c, Queued: c.CreatedAt.Format(time.RFC1123Z)}
		if msg, err := m.Render(r.Context(), c); err != nil {
			it.Error = err.Error()
		} else {
			it.Subject, it.Text, it.HTML, it.Unsubscribe = msg.Subject, msg.Text, msg.HTML, msg.Unsubscribe
		}
		page.Messages = append(page.Messages, it)
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	devMailPage.Execute(w, page)
}
