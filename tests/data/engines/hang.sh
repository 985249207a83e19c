#!/bin/sh
# A faulty engine for tests: never answers `go`.
while read -r line; do
  case "$line" in
    critter-isle-engine*) echo "ready 1 name hang" ;;
    rules*) echo ok ;;
    ping*) echo "pong ${line#ping }" ;;
    go*) exec sleep 60 ;;
  esac
done
