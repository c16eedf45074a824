"""What the gateway shares with match hosts and bot clients: protobuf frames and the gRPC
transport settings (neither side imports the other)."""
