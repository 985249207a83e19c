#!/bin/sh
# A faulty engine for tests: answers `go` with endless output, one endless
# line (`flood.sh line`) or endless `info` lines (`flood.sh info`).
mode=${1:-line}
while read -r line; do
  case "$line" in
    critter-isle-engine*) echo "ready 1 name flood" ;;
    rules*) echo ok ;;
    ping*) echo "pong ${line#ping }" ;;
    go*)
      if [ "$mode" = info ]; then
        yes "info thinking hard"
      else
        tr '\000' a < /dev/zero
      fi
      exit 0 ;;
  esac
done
