//! Tabletop Arena starter kit for Rust: `arena-bot --server HOST:PORT --token T --matches N`.
mod bot;
mod cli;
mod example;
mod kit;

/// The protocol's generated types and client, built from proto/arena/v1 by build.rs.
pub mod pb {
    tonic::include_proto!("arena.v1");
}

fn main() -> std::process::ExitCode {
    let args = cli::parse();
    let code = match args.strategy.as_str() {
        // No game list: the server seats the random bot in whatever game it hosts.
        "random" => kit::run(&args, &[], bot::choose),
        _ => kit::run(&args, example::GAMES, example::choose),
    };
    std::process::ExitCode::from(code)
}
