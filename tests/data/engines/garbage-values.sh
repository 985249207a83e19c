#!/bin/sh
# A faulty analyser for tests: plays, but answers `analyse` with a value
# out of range and visits that are not a number.
while read -r line; do
  case "$line" in
    critter-isle-engine*) echo "ready 1 name garbage values" ;;
    rules*) echo ok ;;
    ping*) echo "pong ${line#ping }" ;;
    analyse*) echo "values 1.5; pick rW 2 many" ;;
    go*) echo "error no moves here" ;;
  esac
done
