// Command bot is a Tabletop Arena bot that plays every game: a random legal option for
// each decision.
//
// It dials the server, says Hello with its token, answers each DecisionRequest, and
// reconnects with a back-off when the stream drops, until it has played -matches
// matches (0: no limit, until the server ends the stream). Put your own logic in chooseRandom (or a function like it); example.go shows
// one that reads a game's typed observation. arena/v1 is generated from proto/ by ./run.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"

	arenav1 "tabletoparena/arena/v1"
)

// Chooser returns the index of one of req.Options, within req.DeadlineMs.
type Chooser func(req *arenav1.DecisionRequest, rng *rand.Rand) int

// chooseRandom is where your own logic goes.
func chooseRandom(req *arenav1.DecisionRequest, rng *rand.Rand) int {
	return rng.IntN(len(req.Options))
}

// fatal: the server refused us, and retrying the same Hello cannot help.
var fatal = map[codes.Code]bool{codes.Unauthenticated: true, codes.FailedPrecondition: true,
	codes.InvalidArgument: true, codes.PermissionDenied: true}

const maxFailures = 8 // connections in a row that end without a finished match

type stats struct {
	matches, decisions, strikes, errors, reconnects int
	wins                                            float64
}

// reasons: how a match ended, as the other kits and arena bot print it.
var reasons = map[arenav1.MatchEndReason]string{
	arenav1.MatchEndReason_MATCH_END_REASON_COMPLETED: "completed",
	arenav1.MatchEndReason_MATCH_END_REASON_FORFEIT:   "forfeit",
	arenav1.MatchEndReason_MATCH_END_REASON_ABORTED:   "aborted",
}

// winShare is this seat's share of first place, as the ladder counts it
// (clients/README.md): forfeited seats rank after the others, a k-way tie for first
// counts 1/k, a solo match is a win when its score is >= 0, an aborted one counts nothing.
func winShare(end *arenav1.MatchEnd) float64 {
	var mine *arenav1.SeatResult
	standing := []*arenav1.SeatResult{}
	for _, result := range end.Results {
		if result.Seat == end.Seat {
			mine = result
		}
		if !result.Forfeited {
			standing = append(standing, result)
		}
	}
	switch {
	case mine == nil:
		return 0
	case len(end.Results) == 1:
		if mine.Score >= 0 {
			return 1
		}
		return 0
	case len(standing) == 0:
		return 1 / float64(len(end.Results))
	case mine.Forfeited:
		return 0
	}
	best, tied := standing[0].Rank, 0
	for _, result := range standing {
		best = min(best, result.Rank)
	}
	for _, result := range standing {
		if result.Rank == best {
			tied++
		}
	}
	if mine.Rank != best {
		return 0
	}
	return 1 / float64(tied)
}

// formatWins prints at most two decimals and no trailing zeros (2, 1.5, 0.33).
func formatWins(wins float64) string {
	return strings.TrimRight(strings.TrimRight(strconv.FormatFloat(wins, 'f', 2, 64), "0"), ".")
}

// describe says why a stream failed, asking whether the port is right when the peer
// does not speak HTTP/2 (an HTTP/1 server such as the gateway's /metrics port).
func describe(err error) string {
	text := fmt.Sprintf("stream failed: %v", err)
	if status.Code(err) == codes.Unavailable && (strings.Contains(text, "HTTP/2") ||
		strings.Contains(text, "http2") || strings.Contains(text, "server preface")) {
		text += " (is this an arena gateway port?)"
	}
	return text
}

// playStream says Hello, then answers until the server ends the stream (nil) or it breaks.
func playStream(conn *grpc.ClientConn, token string, wanted int, games []string,
	choose Chooser, rng *rand.Rand, s *stats) error {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stream, err := arenav1.NewArenaServiceClient(conn).Play(ctx)
	if err != nil {
		return err
	}
	hello := &arenav1.Hello{Token: token, Games: games, ClientVersion: "go-kit/1", MaxMatches: uint32(wanted)}
	if err := stream.Send(&arenav1.PlayRequest{Message: &arenav1.PlayRequest_Hello{Hello: hello}}); err != nil {
		return err
	}
	for {
		response, err := stream.Recv()
		if err == io.EOF {
			return stream.CloseSend()
		} else if err != nil {
			return err
		}
		switch m := response.Message.(type) {
		case *arenav1.PlayResponse_DecisionRequest:
			reply := &arenav1.DecisionReply{RequestId: m.DecisionRequest.RequestId,
				OptionIndex: uint32(choose(m.DecisionRequest, rng))}
			if err := stream.Send(&arenav1.PlayRequest{Message: &arenav1.PlayRequest_DecisionReply{DecisionReply: reply}}); err != nil {
				return err
			}
			s.decisions++
		case *arenav1.PlayResponse_Welcome:
			log.Printf("connected as %s", m.Welcome.BotName)
		case *arenav1.PlayResponse_MatchStart:
			log.Printf("match %s (%s): seat %d", m.MatchStart.MatchId, m.MatchStart.Game, m.MatchStart.Seat)
		case *arenav1.PlayResponse_MatchEnd:
			end, rank := m.MatchEnd, int32(0) // no results (rank 0) when the match was aborted
			for _, result := range end.Results {
				if result.Seat == end.Seat {
					rank = result.Rank
				}
			}
			s.matches++
			s.wins += winShare(end)
			rating := "not rated"
			if end.Rated {
				rating = fmt.Sprintf("rating %.1f", end.Rating)
			}
			reason, known := reasons[end.Reason]
			if !known {
				reason = "unknown"
			}
			log.Printf("match %s: rank %d, %s, %s", end.MatchId, rank, reason, rating)
		case *arenav1.PlayResponse_Error:
			s.errors++
			if code := m.Error.Code; code == arenav1.ErrorCode_ERROR_CODE_ILLEGAL_OPTION || code == arenav1.ErrorCode_ERROR_CODE_DEADLINE_EXCEEDED {
				s.strikes++
			}
			log.Printf("server error %s: %s", m.Error.Code, m.Error.Message)
		}
	}
}

// run plays n matches (0: until the server ends a stream): 0 when done, 1 when the server
// stays unreachable, 2 when it refuses the bot.
func run(server, token string, n int, seed uint64, creds credentials.TransportCredentials,
	choose Chooser, games []string) int {
	rng := rand.New(rand.NewPCG(seed, seed))
	var s stats
	failures, code := 0, 0
	for n == 0 || s.matches < n {
		before, wanted := s.matches, 0 // 0: no limit
		if n > 0 {
			wanted = n - s.matches
		}
		conn, err := grpc.NewClient(server, grpc.WithTransportCredentials(creds))
		if err == nil {
			err = playStream(conn, token, wanted, games, choose, rng, &s)
			conn.Close()
		}
		if err != nil {
			log.Print(describe(err))
			if fatal[status.Code(err)] {
				code = 2
				break
			}
		} else if n == 0 {
			log.Print("the server ended the stream")
			break
		}
		if n > 0 && s.matches >= n {
			break
		}
		if s.matches > before {
			failures = 0
		} else if failures++; failures >= maxFailures {
			log.Printf("giving up after %d connections without a finished match", failures)
			code = 1
			break
		}
		s.reconnects++
		pause := min(5*time.Second, 250*time.Millisecond<<failures)
		log.Printf("retrying in %g s", pause.Seconds())
		time.Sleep(pause)
	}
	fmt.Printf("SUMMARY matches=%d decisions=%d wins=%s strikes=%d errors=%d reconnects=%d\n",
		s.matches, s.decisions, formatWins(s.wins), s.strikes, s.errors, s.reconnects)
	return code
}

func main() {
	server := flag.String("server", "127.0.0.1:50051", "HOST:PORT, or unix:PATH for a Unix domain socket")
	token := flag.String("token", "", "the bot's token, from arena bots register NAME (required)")
	matches := flag.Int("matches", 1, "matches to play, then exit (0: until the server ends the stream)")
	seed := flag.Uint64("seed", 1, "seed of the random choices")
	tlsCA := flag.String("tls-ca", "", "CA certificate (PEM) of a TLS server")
	strategy := flag.String("strategy", "random", "random, or example (Monster My Neighbor)")
	flag.Parse()
	log.SetFlags(0)
	if *token == "" {
		log.Print("missing --token: the bot's token, printed by arena bots register NAME")
		os.Exit(2)
	}
	if *matches < 0 || (*strategy != "random" && *strategy != "example") {
		flag.Usage()
		os.Exit(2)
	}
	creds := insecure.NewCredentials()
	if *tlsCA != "" {
		var err error
		if creds, err = credentials.NewClientTLSFromFile(*tlsCA, ""); err != nil {
			log.Printf("--tls-ca: %v", err)
			os.Exit(2)
		}
	}
	choose, games := Chooser(chooseRandom), []string(nil)
	if *strategy == "example" {
		choose, games = exampleChoose, exampleGames
	}
	os.Exit(run(*server, *token, *matches, *seed, creds, choose, games))
}
