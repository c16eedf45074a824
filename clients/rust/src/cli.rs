//! The flags every kit takes: --server HOST:PORT|unix:PATH --token T --matches N --seed S
//! [--tls-ca FILE]; --matches 0 plays until the server ends the stream.
use std::process::exit;

pub struct Args {
    pub server: String,
    pub token: String,
    /// 0: no limit, until the server ends the stream.
    pub matches: u32,
    pub seed: u64,
    pub tls_ca: Option<String>,
    /// `random` (src/bot.rs) or `example` (src/example.rs).
    pub strategy: String,
}

const USAGE: &str = "usage: arena-bot --token T [--server HOST:PORT|unix:PATH] \
                     [--matches N (0: no limit)] [--seed S] \
                     [--tls-ca FILE] [--strategy random|example]";

pub fn parse() -> Args {
    let mut args = Args {
        server: "127.0.0.1:50051".into(),
        token: String::new(),
        matches: 1,
        seed: 1,
        tls_ca: None,
        strategy: "random".into(),
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        if flag == "-h" || flag == "--help" {
            println!("{USAGE}");
            exit(0);
        }
        let value = it
            .next()
            .unwrap_or_else(|| usage(&format!("{flag} needs a value")));
        match flag.as_str() {
            "--server" => args.server = value,
            "--token" => args.token = value,
            "--matches" => {
                args.matches = value
                    .parse()
                    .unwrap_or_else(|_| usage("--matches takes a count"))
            }
            "--seed" => {
                args.seed = value
                    .parse()
                    .unwrap_or_else(|_| usage("--seed takes an integer"))
            }
            "--tls-ca" => args.tls_ca = Some(value),
            "--strategy" if value == "random" || value == "example" => args.strategy = value,
            _ => usage(&format!("unknown flag or value: {flag} {value}")),
        }
    }
    if args.token.is_empty() {
        eprintln!("missing --token: the bot's token, printed by arena bots register NAME");
        exit(2);
    }
    args
}

fn usage(why: &str) -> ! {
    eprintln!("error: {why}\n{USAGE}");
    exit(2)
}
