#!/bin/sh
# A faulty engine for tests: answers `go` with bytes that are not UTF-8.
while read -r line; do
  case "$line" in
    critter-isle-engine*) echo "ready 1 name bad-utf8" ;;
    rules*) echo ok ;;
    ping*) echo "pong ${line#ping }" ;;
    go*) printf 'action place r\377\376 c3\n' ;;
  esac
done
