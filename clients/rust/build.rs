//! Generates the gRPC client and protobuf types from proto/arena/v1 at build time.
use std::path::PathBuf;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // The kit lives in clients/rust of the arena repository; a copied kit points
    // ARENA_PROTO at its copy of the repository's proto/ directory.
    let proto_dir = std::env::var_os("ARENA_PROTO")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("../../proto"));
    let package_dir = proto_dir.join("arena/v1");
    // Every file of the package, so a new game's .proto file is compiled without a change here.
    let mut protos: Vec<PathBuf> = std::fs::read_dir(&package_dir)?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<Result<_, _>>()?;
    protos.retain(|path| path.extension().is_some_and(|ext| ext == "proto"));
    protos.sort();
    println!("cargo:rerun-if-env-changed=ARENA_PROTO");
    println!("cargo:rerun-if-changed={}", package_dir.display());
    std::env::set_var("PROTOC", protoc_bin_vendored::protoc_bin_path()?);
    tonic_prost_build::configure()
        .build_server(false)
        .compile_protos(&protos, &[proto_dir])?;
    Ok(())
}
