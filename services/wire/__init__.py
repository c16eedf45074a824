"""Protobuf frames shared by the gateway and the match hosts (neither imports the other)."""
