//! Everything a bot needs except its choices: dial, hello with the token, one reply per
//! decision request, reconnection with a back-off, and the SUMMARY line and exit code.
use std::time::Duration;

use hyper_util::rt::TokioIo;
use tokio::net::UnixStream;
use tokio::sync::mpsc;
use tokio_stream::wrappers::ReceiverStream;
use tonic::transport::{Certificate, Channel, ClientTlsConfig, Endpoint, Uri};
use tonic::Code;

use crate::cli::Args;
use crate::pb::{self, play_request, play_response::Message};

/// A strategy: the index of one of the request's options.
pub type Choose = fn(&pb::DecisionRequest, &mut Rng) -> usize;

/// A small seeded generator (SplitMix64): the same --seed gives the same choices.
pub struct Rng(u64);

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform index below `n` (0 when n is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
}

#[derive(Default)]
struct Stats {
    matches: u32,
    decisions: u64,
    wins: f64,
    strikes: u32,
    errors: u32,
    reconnects: u32,
}

/// Why a stream ended early: the server refused the bot, or it may work on a new stream.
enum Stop {
    Fatal(String),
    Retry(String),
}

const EXIT_UNREACHABLE: u8 = 1;
const EXIT_REFUSED: u8 = 2;
const MAX_FAILURES: u32 = 8; // streams in a row that end without a finished match

/// This seat's share of first place, as the ladder counts it (clients/README.md): forfeited
/// seats rank after the others, a k-way tie for first counts 1/k, a solo match is a win
/// when its score is >= 0, an aborted one counts nothing.
fn win_share(end: &pb::MatchEnd) -> f64 {
    let Some(mine) = end.results.iter().find(|r| r.seat == end.seat) else {
        return 0.0;
    };
    if end.results.len() == 1 {
        return if mine.score >= 0.0 { 1.0 } else { 0.0 };
    }
    let standing: Vec<_> = end.results.iter().filter(|r| !r.forfeited).collect();
    let Some(best) = standing.iter().map(|r| r.rank).min() else {
        return 1.0 / end.results.len() as f64; // every seat forfeited: all tie
    };
    if mine.forfeited || mine.rank != best {
        return 0.0;
    }
    1.0 / standing.iter().filter(|r| r.rank == best).count() as f64
}

/// At most two decimals and no trailing zeros (2, 1.5, 0.33).
fn format_wins(wins: f64) -> String {
    let text = format!("{wins:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// How a match ended, as the other kits and arena bot print it.
fn reason(end: &pb::MatchEnd) -> &'static str {
    match end.reason() {
        pb::MatchEndReason::Completed => "completed",
        pb::MatchEndReason::Forfeit => "forfeit",
        pb::MatchEndReason::Aborted => "aborted",
        _ => "unknown",
    }
}

/// Play `args.matches` matches (0: until the server ends a stream) announcing `games` (empty: any game); the exit code.
pub fn run(args: &Args, games: &[&str], choose: Choose) -> u8 {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build();
    runtime.expect("tokio runtime").block_on(async {
        let mut rng = Rng(args.seed);
        let mut stats = Stats::default();
        let mut failures = 0;
        let code = loop {
            let before = stats.matches;
            let why = match play_stream(args, games, choose, &mut rng, &mut stats).await {
                Err(Stop::Fatal(why)) => {
                    eprintln!("stream refused: {why}");
                    break EXIT_REFUSED;
                }
                Err(Stop::Retry(why)) => why,
                Ok(()) if args.matches == 0 => {
                    eprintln!("the server ended the stream");
                    break 0;
                }
                Ok(()) => "the server closed the stream".into(),
            };
            if args.matches != 0 && stats.matches >= args.matches {
                break 0;
            }
            failures = if stats.matches > before {
                0
            } else {
                failures + 1
            };
            if failures >= MAX_FAILURES {
                eprintln!("giving up after {failures} connections without a finished match: {why}");
                break EXIT_UNREACHABLE;
            }
            let wait = Duration::from_millis(250 << failures).min(Duration::from_secs(5));
            eprintln!("stream dropped ({why}); retrying in {} s", wait.as_secs_f64());
            stats.reconnects += 1;
            tokio::time::sleep(wait).await;
        };
        let s = &stats;
        println!(
            "SUMMARY matches={} decisions={} wins={} strikes={} errors={} reconnects={}",
            s.matches,
            s.decisions,
            format_wins(s.wins),
            s.strikes,
            s.errors,
            s.reconnects
        );
        code
    })
}

/// A channel over the Unix domain socket at `path` (plaintext: the socket is local).
async fn connect_unix(path: &str) -> Result<Channel, Stop> {
    // unix:///abs/path and unix:/abs/path name the same socket; the URI is not dialled.
    let path = path.strip_prefix("//").unwrap_or(path).to_string();
    let shown = path.clone();
    let connector = tower::service_fn(move |_: Uri| {
        let path = path.clone();
        async move { Ok::<_, std::io::Error>(TokioIo::new(UnixStream::connect(path).await?)) }
    });
    Endpoint::from_static("http://localhost")
        .connect_with_connector(connector)
        .await
        .map_err(|e| {
            let cause = std::error::Error::source(&e).map_or(String::new(), |c| format!(": {c}"));
            Stop::Retry(format!("connect unix:{shown}: {e}{cause}"))
        })
}

async fn connect(args: &Args) -> Result<Channel, Stop> {
    if let Some(path) = args.server.strip_prefix("unix:") {
        if args.tls_ca.is_some() {
            return Err(Stop::Fatal("--tls-ca is for HOST:PORT servers, not unix:".into()));
        }
        return connect_unix(path).await;
    }
    let scheme = if args.tls_ca.is_some() {
        "https"
    } else {
        "http"
    };
    let mut endpoint = Endpoint::from_shared(format!("{scheme}://{}", args.server))
        .map_err(|e| Stop::Fatal(format!("bad --server {}: {e}", args.server)))?;
    if let Some(path) = &args.tls_ca {
        let pem = std::fs::read_to_string(path)
            .map_err(|e| Stop::Fatal(format!("--tls-ca {path}: {e}")))?;
        if !pem.contains("-----BEGIN CERTIFICATE-----") {
            return Err(Stop::Fatal(format!(
                "--tls-ca {path} holds no PEM certificate"
            )));
        }
        let host = args
            .server
            .rsplit_once(':')
            .map_or(&*args.server, |(host, _)| host);
        let tls = ClientTlsConfig::new()
            .ca_certificate(Certificate::from_pem(pem))
            .domain_name(host);
        endpoint = endpoint
            .tls_config(tls)
            .map_err(|e| Stop::Fatal(format!("--tls-ca {path}: {e}")))?;
    }
    endpoint.connect().await.map_err(|e| {
        let cause = std::error::Error::source(&e).map_or(String::new(), |c| format!(": {c}"));
        Stop::Retry(port_hint(format!("connect {}: {e}{cause}", args.server)))
    })
}

/// One stream: hello, then answer until the server ends it (or it breaks).
async fn play_stream(
    args: &Args,
    games: &[&str],
    choose: Choose,
    rng: &mut Rng,
    stats: &mut Stats,
) -> Result<(), Stop> {
    let channel = connect(args).await?;
    let (outbox, rx) = mpsc::channel(16);
    let send = |message| pb::PlayRequest {
        message: Some(message),
    };
    let hello = pb::Hello {
        token: args.token.clone(),
        games: games.iter().map(|g| g.to_string()).collect(),
        client_version: "rust-kit/1".into(),
        max_matches: if args.matches == 0 { 0 } else { args.matches - stats.matches }, // 0: no limit
        ..Default::default()
    };
    let _ = outbox.send(send(play_request::Message::Hello(hello))).await;
    let mut client = pb::arena_service_client::ArenaServiceClient::new(channel);
    let mut inbound = client
        .play(ReceiverStream::new(rx))
        .await
        .map_err(refused)?
        .into_inner();
    while let Some(response) = inbound.message().await.map_err(refused)? {
        match response.message {
            Some(Message::DecisionRequest(request)) => {
                let option_index = choose(&request, rng) as u32;
                let reply = pb::DecisionReply {
                    request_id: request.request_id,
                    option_index,
                };
                let _ = outbox
                    .send(send(play_request::Message::DecisionReply(reply)))
                    .await;
                stats.decisions += 1;
            }
            Some(Message::Welcome(welcome)) => eprintln!("connected as {}", welcome.bot_name),
            Some(Message::MatchStart(start)) => {
                eprintln!(
                    "match {} ({}): seat {}",
                    start.match_id, start.game, start.seat
                )
            }
            Some(Message::MatchEnd(end)) => {
                let rank = end
                    .results
                    .iter()
                    .find(|r| r.seat == end.seat)
                    .map_or(0, |r| r.rank);
                stats.matches += 1;
                stats.wins += win_share(&end);
                let rating = if end.rated {
                    format!("rating {:.1}", end.rating)
                } else {
                    "not rated".to_string()
                };
                eprintln!(
                    "match {}: rank {rank}, {}, {rating}",
                    end.match_id,
                    reason(&end)
                );
            }
            Some(Message::Error(error)) => {
                stats.errors += 1;
                let code = error.code();
                stats.strikes += u32::from(matches!(
                    code,
                    pb::ErrorCode::IllegalOption | pb::ErrorCode::DeadlineExceeded
                ));
                eprintln!("server error {}: {}", code.as_str_name(), error.message);
            }
            None => {}
        }
    }
    Ok(())
}

/// A status that retrying the same Hello cannot change is fatal; the rest may heal.
/// Adds a question when the peer does not speak HTTP/2 (an HTTP/1 server such as the
/// gateway's /metrics port).
fn port_hint(why: String) -> String {
    let lower = why.to_lowercase();
    if lower.contains("http2") || lower.contains("h2 protocol") || lower.contains("http/2") {
        format!("{why} (is this an arena gateway port?)")
    } else {
        why
    }
}

fn refused(status: tonic::Status) -> Stop {
    let why = port_hint(format!("{:?}: {}", status.code(), status.message()));
    match status.code() {
        Code::Unauthenticated
        | Code::PermissionDenied
        | Code::FailedPrecondition
        | Code::InvalidArgument => Stop::Fatal(why),
        _ => Stop::Retry(why),
    }
}
