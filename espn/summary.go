package espn

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/squaresapp/squares"
)

// ScoringPlays returns the score after each scoring play of one of ESPN's events (the scoreboard's event
// id, which the poller keeps as the game's ESPNID), in the order played, read from the event's summary,
// {base}/apis/site/v2/sports/{sport}/{league}/summary?event={id}: each play's period number (1-4 the
// quarters, 5 and up overtime; 1-2 the halves and 3 and up overtime in college basketball, as
// squares.InPlayPeriod expects) and the home and away scores after it. A game not started has none. Any
// broken answer is an error and returns no plays, as for Scoreboard.
func (c *Client) ScoringPlays(ctx context.Context, leagueCode string, eventID string) ([]squares.ReportedScore, error) {
	l, ok := leagues[strings.ToUpper(strings.TrimSpace(leagueCode))]
	if !ok {
		return nil, fmt.Errorf("espn: no summary for league %q", leagueCode)
	}
	if !validEventID(eventID) {
		return nil, fmt.Errorf("espn: %q is not an ESPN event id", eventID)
	}
	u := c.base + "/apis/site/v2/sports/" + l.path + "/summary?event=" + url.QueryEscape(eventID)
	body, err := c.get(ctx, u)
	if err != nil {
		return nil, err
	}
	plays, err := parseScoringPlays(body, eventID)
	if err != nil {
		return nil, fmt.Errorf("espn: %s: %w", u, err)
	}
	return plays, nil
}

// validEventID reports whether id looks like ESPN's event ids: digits only, so that nothing else reaches
// the URL.
func validEventID(id string) bool {
	if id == "" || len(id) > 20 {
		return false
	}
	for _, r := range id {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// The parts of ESPN's summary JSON that Squares reads. Football lists the scoring plays in scoringPlays;
// basketball has no scoringPlays and marks its scoring plays among all plays (plays, scoringPlay true).
type (
	summary struct {
		Header *struct {
			ID           string `json:"id"`
			Competitions []struct {
				Status      *status `json:"status"`
				Competitors []struct {
					HomeAway string          `json:"homeAway"`
					Score    json.RawMessage `json:"score"`
				} `json:"competitors"`
			} `json:"competitions"`
		} `json:"header"`
		ScoringPlays *[]play `json:"scoringPlays"`
		Plays        *[]play `json:"plays"`
	}
	play struct {
		ScoringPlay *bool `json:"scoringPlay"`
		Period      *struct {
			Number *int `json:"number"`
		} `json:"period"`
		HomeScore json.RawMessage `json:"homeScore"`
		AwayScore json.RawMessage `json:"awayScore"`
	}
)

// parseScoringPlays reads the scoring plays of a summary answer for event eventID: the scoringPlays when
// the answer has them, else the plays marked as scoring. Each must name its period (1 or later) and both
// scores (numbers, or strings of digits). An answer for another event, without a home and an away team, or
// for a final game whose last scoring play is not its final score, is refused, so that nothing is paid on
// plays that disagree with the game's result.
func parseScoringPlays(body []byte, eventID string) ([]squares.ReportedScore, error) {
	var s summary
	if err := json.Unmarshal(body, &s); err != nil {
		return nil, fmt.Errorf("not a summary: %w", err)
	}
	if s.Header == nil {
		return nil, errors.New("not a summary: no header")
	}
	if s.Header.ID != eventID {
		return nil, fmt.Errorf("a summary of event %q, not %q", s.Header.ID, eventID)
	}
	if len(s.Header.Competitions) == 0 {
		return nil, errors.New("summary: no competition")
	}
	comp := s.Header.Competitions[0]
	var home, away *int
	for _, c := range comp.Competitors {
		n, err := score(c.Score)
		if err != nil {
			return nil, fmt.Errorf("summary: %s team: %w", c.HomeAway, err)
		}
		switch {
		case c.HomeAway == "home" && home == nil:
			home = &n
		case c.HomeAway == "away" && away == nil:
			away = &n
		default:
			return nil, fmt.Errorf("summary: unexpected competitor %q", c.HomeAway)
		}
	}
	if home == nil || away == nil {
		return nil, errors.New("summary: not one home and one away team")
	}

	plays, scoringOnly := s.ScoringPlays, true
	if plays == nil {
		plays, scoringOnly = s.Plays, false
	}
	out := []squares.ReportedScore{}
	if plays != nil {
		for i, p := range *plays {
			if !scoringOnly && (p.ScoringPlay == nil || !*p.ScoringPlay) {
				continue
			}
			r, err := p.reported()
			if err != nil {
				return nil, fmt.Errorf("scoring play %d: %w", i+1, err)
			}
			out = append(out, r)
		}
	}

	if st := comp.Status; st != nil {
		if phase, _ := squares.FeedStatus(st.Type.Name, st.Type.State, st.Type.Completed); phase == squares.FeedPost {
			last := squares.ReportedScore{}
			if n := len(out); n > 0 {
				last = out[n-1]
			}
			if last.Home != *home || last.Away != *away {
				return nil, fmt.Errorf("the scoring plays end at %d-%d, the final score is %d-%d",
					last.Home, last.Away, *home, *away)
			}
		}
	}
	return out, nil
}

// reported reads one scoring play: its period and the scores after it.
func (p play) reported() (squares.ReportedScore, error) {
	if p.Period == nil || p.Period.Number == nil {
		return squares.ReportedScore{}, errors.New("no period")
	}
	q := *p.Period.Number
	if q < 1 || q > 99 {
		return squares.ReportedScore{}, fmt.Errorf("period %d is not a period of a game", q)
	}
	home, err := playScore(p.HomeScore)
	if err != nil {
		return squares.ReportedScore{}, fmt.Errorf("home score: %w", err)
	}
	away, err := playScore(p.AwayScore)
	if err != nil {
		return squares.ReportedScore{}, fmt.Errorf("away score: %w", err)
	}
	return squares.ReportedScore{Quarter: q, Home: home, Away: away}, nil
}

// playScore reads a play's score, which must be there (a number in ESPN's answers; a string of digits is
// accepted too).
func playScore(raw json.RawMessage) (int, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" || string(raw) == `""` {
		return 0, errors.New("missing")
	}
	return score(raw)
}
