"""The gRPC gateway: remote bots dial in, are matched, and play over one stream each."""
