//! Generates the gRPC client and protobuf types from proto/arena/v1 at build time.
use std::path::PathBuf;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // The kit lives in clients/rust of the arena repository; a copied kit points
    // ARENA_PROTO at its copy of the repository's proto/ directory.
    let proto_dir = std::env::var_os("ARENA_PROTO")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("../../proto"));
    let protoc = protoc_bin_vendored::protoc_bin_path()?;
    std::env::set_var("PROTOC", protoc);
    println!("cargo:rerun-if-env-changed=ARENA_PROTO");
    tonic_prost_build::configure()
        .build_server(false)
        .compile_protos(&[proto_dir.join("arena/v1/arena.proto")], &[proto_dir])?;
    Ok(())
}
