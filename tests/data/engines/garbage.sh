#!/bin/sh
# A faulty engine for tests: a good handshake, then garbage for `go`.
while read -r line; do
  case "$line" in
    critter-isle-engine*) echo "ready 1 name garbage" ;;
    rules*) echo ok ;;
    ping*) echo "pong ${line#ping }" ;;
    go*) echo "the answer is 42" ;;
  esac
done
