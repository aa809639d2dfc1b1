package http

import (
	"fmt"
	"net/http"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/scores"
)

// FeedStatus is the live score feed's status as the developer page and the admin read it.
type FeedStatus struct {
	Provider     string     `json:"provider" tstype:"'manual' | 'espn' | (string & {})"`
	Interval     string     `json:"interval"`
	LastPoll     *time.Time `json:"lastPoll"`
	LastError    string     `json:"lastError"`
	LastErrorAt  *time.Time `json:"lastErrorAt"`
	MatchedGames int        `json:"matchedGames"`
	OK           bool       `json:"ok"`
}

func toFeedStatusJSON(st scores.Status) FeedStatus {
	out := FeedStatus{Provider: st.Provider, Interval: st.Interval.String(), LastError: st.LastError,
		MatchedGames: st.Matched, OK: st.OK}
	if !st.LastPoll.IsZero() {
		out.LastPoll = &st.LastPoll
	}
	if !st.LastErrorAt.IsZero() {
		out.LastErrorAt = &st.LastErrorAt
	}
	return out
}

// manualFeedStatus is the status of the manual feed: no provider is polled.
var manualFeedStatus = FeedStatus{Provider: "manual", OK: true}

// handleScoreFeedStatus answers the score feed's status: GET /api/score-feed-status (development mode).
func (s *Server) handleScoreFeedStatus(w http.ResponseWriter, r *http.Request) {
	if s.Scores == nil {
		writeJSON(w, http.StatusOK, manualFeedStatus)
		return
	}
	writeJSON(w, http.StatusOK, toFeedStatusJSON(s.Scores.Status()))
}

// handleTestFeed makes one live poll of the configured feed now and answers what it saw: GET
// /api/test-nfl-api (development mode). A failed poll is an answer too, with its error; a manual feed has
// nothing to poll (422).
func (s *Server) handleTestFeed(w http.ResponseWriter, r *http.Request) {
	if s.Scores == nil {
		s.Error(w, r, squares.Errorf(squares.EUNPROCESSABLE,
			"Scores are entered by hand (SQUARES_SCORES=manual): there is no live feed to poll. Set SQUARES_SCORES=espn."))
		return
	}
	rep, err := s.Scores.RunOnce(r.Context())
	msg := ""
	if err != nil {
		msg = err.Error()
	}
	writeJSON(w, http.StatusOK, FeedPoll{Provider: s.Scores.Provider, Games: rep.Games,
		Scoreboards: rep.Fetched, MatchedGames: rep.Matched, UpdatesApplied: rep.Applied,
		Errors: rep.Errors, Error: msg, Status: toFeedStatusJSON(s.Scores.Status())})
}

// FeedPoll answers one poll of the score feed made now: what it read and changed, and its error ("" when
// none).
type FeedPoll struct {
	Error          string     `json:"error"`
	Errors         []string   `json:"errors" tstype:"string[] | null"`
	Games          int        `json:"games"`
	MatchedGames   int        `json:"matchedGames"`
	Provider       string     `json:"provider" tstype:"'manual' | 'espn' | (string & {})"`
	Scoreboards    int        `json:"scoreboards"`
	Status         FeedStatus `json:"status"`
	UpdatesApplied int        `json:"updatesApplied"`
}

// scoresCheck is the readiness line of the score feed: manual entry, or the live feed and how its last
// poll went.
func (s *Server) scoresCheck() ReadinessCheck {
	c := ReadinessCheck{Key: "scores", Label: "Score feed"}
	if s.Scores == nil {
		c.Detail = "Manual scores: an admin enters each game's score (set SQUARES_SCORES=espn for ESPN's live feed)"
		return c
	}
	st := s.Scores.Status()
	feed := fmt.Sprintf("%s feed, polled every %s", st.Provider, st.Interval)
	switch {
	case st.LastPoll.IsZero():
		c.OK, c.Detail = true, feed+": not polled yet"
	case !st.OK:
		c.Detail = fmt.Sprintf("%s: the last poll (%s) failed: %s", feed, st.LastPoll.UTC().Format(time.RFC3339), st.LastError)
	default:
		c.OK = true
		c.Detail = fmt.Sprintf("%s: last poll %s, %d game%s matched", feed, st.LastPoll.UTC().Format(time.RFC3339),
			st.Matched, plural(st.Matched))
	}
	return c
}
