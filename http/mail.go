package http

import (
	"html/template"
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/mail"
)

// Mail is a message of the outbox as admins see it.
type Mail struct {
	ID            int64      `json:"id"`
	Kind          string     `json:"kind"`
	To            string     `json:"to"`
	Subject       string     `json:"subject,omitempty" tstype:"string | undefined"`
	UserID        *int64     `json:"userId"`
	PoolID        *int64     `json:"poolId"`
	Essential     bool       `json:"essential"`
	Status        string     `json:"status"`
	Attempts      int        `json:"attempts"`
	NextAttemptAt *time.Time `json:"nextAttemptAt"`
	LastError     string     `json:"lastError"`
	CreatedAt     time.Time  `json:"createdAt"`
	SentAt        *time.Time `json:"sentAt"`
}

var mailStatuses = []string{squares.MailQueued, squares.MailSent, squares.MailFailed, squares.MailSkipped}

// handleListMail lists the newest messages of the outbox for admins (?status=queued|sent|failed|skipped,
// ?limit=1..500, 100 by default): what was sent, what is retrying and why, what failed for good.
func (s *Server) handleListMail(w http.ResponseWriter, r *http.Request) {
	status, limit, err := outboxQuery(r, mailStatuses)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	ms, err := s.Store.ListMail(r.Context(), status, limit)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	out := make([]Mail, 0, len(ms))
	for _, m := range ms {
		j := Mail{ID: m.ID, Kind: m.Kind, To: m.To, UserID: optionalID(m.UserID), PoolID: optionalID(m.PoolID),
			Essential: m.Essential, Status: m.Status, Attempts: m.Attempts, LastError: m.LastError, CreatedAt: m.CreatedAt,
			SentAt: m.SentAt}
		if m.Status == squares.MailQueued {
			next := m.NextAttemptAt
			j.NextAttemptAt = &next
		}
		if s.Mail != nil {
			if msg, err := s.Mail.Render(r.Context(), m); err == nil {
				j.Subject = msg.Subject
			}
		}
		out = append(out, j)
	}
	writeJSON(w, http.StatusOK, out)
}

func optionalID(id int64) *int64 {
	if id == 0 {
		return nil
	}
	return &id
}

// EmailPreferences is a player's choice about e-mail.
type EmailPreferences struct {
	// OptOut turns the non-essential messages off (released holds, forfeited prizes); messages about
	// money, prizes to claim, cancelled pools and invitations are always sent.
	OptOut bool `json:"optOut"`
}

func (s *Server) handleGetEmailPreferences(w http.ResponseWriter, r *http.Request) {
	off, err := s.Store.EmailOptOut(r.Context(), viewerID(r.Context()))
	if err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, EmailPreferences{OptOut: off})
}

func (s *Server) handleSetEmailPreferences(w http.ResponseWriter, r *http.Request) {
	var req struct {
		OptOut *bool `json:"optOut"`
	}
	if err := decode(w, r, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	if req.OptOut == nil {
		s.Error(w, r, squares.FieldError("optOut", "optOut is required: true or false."))
		return
	}
	if err := s.Store.SetEmailOptOut(r.Context(), viewerID(r.Context()), *req.OptOut); err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, EmailPreferences{OptOut: *req.OptOut})
}

// unsubscribePage is the page of an unsubscribe link: a button that POSTs (link checkers only GET, so
// they turn nothing off), and the result.
var unsubscribePage = template.Must(template.New("unsubscribe").Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Squares e-mail</title></head>
<body style="font-family: Arial, sans-serif; max-width: 480px; margin: 48px auto; padding: 0 16px; color: #111827;">
<h1 style="font-size: 22px;">Squares e-mail</h1>
{{if .Invalid}}<p>This unsubscribe link is not valid. Sign in and change your e-mail preferences instead.</p>
{{else if .Done}}<p>You will no longer get optional e-mail from Squares. Messages about your money, prizes to claim, cancelled pools and invitations are still sent.</p>
{{else}}<p>Turn off optional e-mail from Squares (released squares, forfeited prizes)? Messages about your money, prizes to claim, cancelled pools and invitations are still sent.</p>
<form method="post"><button type="submit" style="padding: 10px 18px;">Unsubscribe</button></form>
{{end}}<p><a href="/">Squares</a></p>
</body></html>
`))

// handleUnsubscribe serves the signed link of List-Unsubscribe (?u=user&t=token), which works without a
// sign-in: GET shows a confirmation button, POST (the button, or a mail client's one-click
// "List-Unsubscribe=One-Click") turns the player's non-essential e-mail off.
func (s *Server) handleUnsubscribe(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	userID, _ := strconv.ParseInt(q.Get("u"), 10, 64)
	key, err := mail.UnsubscribeKey(r.Context(), s.Store)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	page := struct{ Invalid, Done bool }{}
	status := http.StatusOK
	switch {
	case !squares.ValidUnsubscribeToken(key, userID, q.Get("t")):
		page.Invalid, status = true, http.StatusBadRequest
	case r.Method == http.MethodPost:
		if err := s.Store.SetEmailOptOut(r.Context(), userID, true); err != nil {
			if squares.ErrorCode(err) != squares.ENOTFOUND {
				s.Error(w, r, err)
				return
			}
			page.Invalid, status = true, http.StatusBadRequest // the account was deleted
		} else {
			page.Done = true
		}
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	unsubscribePage.Execute(w, page)
}

// outboxQuery reads an admin's listing of an outbox (mail or push): ?status= one of statuses (any when
// empty) and ?limit=1..500, 100 by default.
func outboxQuery(r *http.Request, statuses []string) (status string, limit int, err error) {
	q := r.URL.Query()
	status = q.Get("status")
	if status != "" && !slices.Contains(statuses, status) {
		return "", 0, squares.FieldError("status", "Status must be queued, sent, failed or skipped.")
	}
	limit = 100
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 500 {
			return "", 0, squares.FieldError("limit", "Limit must be a number from 1 to 500.")
		}
		limit = n
	}
	return status, limit, nil
}
