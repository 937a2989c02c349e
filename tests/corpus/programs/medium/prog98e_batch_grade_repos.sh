#!/usr/bin/env bash
# batch_grade_repos.sh - clone every student repository listed in a roster
# file, drop in the assignment harness, run `make test` under a time limit and
# collect the results into a CSV for the gradebook import.
#
# usage: batch_grade_repos.sh ASSIGNMENT ROSTER.tsv [OUT.csv]
# roster format (tab separated): github_handle <TAB> clone_url
set -uo pipefail

ASSIGNMENT="${1:?usage: batch_grade_repos.sh ASSIGNMENT ROSTER.tsv [OUT.csv]}"
ROSTER="${2:?roster file required}"
OUT="${3:-grades_${ASSIGNMENT}.csv}"
WORK=/tmp/gradebox
TIMEOUT="${GRADE_TIMEOUT:-300}"
HARNESS_DIR="${HARNESS_DIR:-$PWD/harness/$ASSIGNMENT}"
DEADLINE="${DEADLINE:-}"          # e.g. "2024-03-08 23:59"
LOG="$PWD/grading_${ASSIGNMENT}.log"

log() { echo "[$(date '+%F %T')] $*" | tee -a "$LOG" >&2; }

cleanup() {
  rm -rf "$WORK"
}
trap cleanup EXIT

[ -f "$ROSTER" ] || { log "roster $ROSTER not found"; exit 2; }
[ -d "$HARNESS_DIR" ] || { log "harness $HARNESS_DIR not found"; exit 2; }
command -v git >/dev/null || { log "git is required"; exit 2; }

mkdir -p "$WORK"
echo "handle,commit,late,status,passed,failed,seconds" > "$OUT"

count_of() {
  # pull "N passed" / "N failed" out of pytest or jest style summaries
  grep -Eo "[0-9]+ $1" <<<"$2" | tail -n1 | grep -Eo '^[0-9]+' || echo 0
}

graded=0
while IFS=$'\t' read -r handle url || [ -n "$handle" ]; do
  [[ -z "$handle" || "$handle" == \#* ]] && continue
  dest="$WORK/$handle"
  rm -rf "$dest"

  if ! git clone --quiet --depth 20 "$url" "$dest" 2>>"$LOG"; then
    log "$handle: clone failed"
    echo "$handle,,,clone_failed,0,0,0" >> "$OUT"
    continue
  fi

  late=no
  if [ -n "$DEADLINE" ]; then
    last_commit=$(git -C "$dest" rev-list -n1 --before="$DEADLINE" HEAD)
    if [ -z "$last_commit" ]; then
      late=yes
    elif [ "$last_commit" != "$(git -C "$dest" rev-parse HEAD)" ]; then
      git -C "$dest" checkout --quiet "$last_commit"
      late=trimmed
    fi
  fi
  commit=$(git -C "$dest" rev-parse --short HEAD)

  cp -r "$HARNESS_DIR/." "$dest/"
  start=$(date +%s)
  output=$(cd "$dest" && timeout --kill-after=10 "$TIMEOUT" make -s test 2>&1)
  rc=$?
  elapsed=$(( $(date +%s) - start ))

  case $rc in
    0)   status=ok ;;
    124) status=timeout ;;
    *)   status=failing ;;
  esac
  passed=$(count_of passed "$output")
  failed=$(count_of failed "$output")
  printf '%s\n' "$output" > "$WORK/$handle.out"
  cp "$WORK/$handle.out" "./logs_${ASSIGNMENT}_${handle}.txt" 2>/dev/null || true

  echo "$handle,$commit,$late,$status,$passed,$failed,$elapsed" >> "$OUT"
  log "$handle: $status ($passed passed, $failed failed, ${elapsed}s, late=$late)"
  graded=$((graded + 1))
done < "$ROSTER"

log "graded $graded repositories for $ASSIGNMENT -> $OUT"
