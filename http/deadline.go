package http

import (
	"net/http"

	"github.com/squaresapp/squares"
)

// RemindersSent answers the host's reminder: how many e-mails were queued.
type RemindersSent struct {
	Sent int `json:"sent"`
}

// handleSendReminder is the host's reminder now to every member of a host-collected pool who owes: POST
// /api/pools/{id}/reminders, host only, once every 6 hours (429 with Retry-After otherwise). It answers
// 202: the e-mails are queued in the outbox and sent by the mail worker.
func (s *Server) handleSendReminder(w http.ResponseWriter, r *http.Request) {
	p, err := s.findVisiblePool(r)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	sent, err := s.Store.SendReminder(r.Context(), userFrom(r.Context()), p.ID)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusAccepted, RemindersSent{Sent: sent})
}

// handleMarkPrizePaid is the host's record that they paid a period's prize of a host-collected pool: POST
// /api/pools/{id}/winners/{periodLabel}/paid, host only, the period named as the winners list labels it
// (Q1, Q2, Q3, Final; 1st Half, Final), or by its award key (reverse:Q1, score:7). It answers the winner, status host_paid; again, the same.
func (s *Server) handleMarkPrizePaid(w http.ResponseWriter, r *http.Request) {
	p, err := s.findVisiblePool(r)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	// The host's right first: anyone else learns nothing of the periods.
	if err := squares.CheckHostAction(squares.HostAction{Actor: userFrom(r.Context()), Pool: p.Pool,
		Action: squares.HostMarkPrizePaid}); err != nil {
		s.Error(w, r, err)
		return
	}
	award, err := squares.AwardOfLabel(r.PathValue("periodLabel"), p.EffectiveRules(), p.Game.LeagueID)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	wn, err := s.Store.MarkHostPrizePaid(r.Context(), userFrom(r.Context()), p.ID, award)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toWinnerJSON(wn, len(p.PayoutSchedule)))
}
