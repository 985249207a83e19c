#!/bin/sh
# A faulty engine for tests: answers `go` with a well-formed action that is
# never legal in the basic game (R9.3: nobody hires there).
while read -r line; do
  case "$line" in
    critter-isle-engine*) echo "ready 1 name illegal" ;;
    rules*) echo ok ;;
    ping*) echo "pong ${line#ping }" ;;
    go*) echo "action hire F" ;;
  esac
done
