#!/usr/bin/env bash
# Apply the kernel tuning profile for our database hosts.
# Reads key=value pairs from a profile file, saves the current values to a
# rollback file in the working directory, then applies each setting with
# sysctl as a background job (bounded concurrency) and waits for all jobs.
# Run with --rollback to restore the saved values.
set -uo pipefail

PROFILE="${PROFILE:-./db-tuning.conf}"
ROLLBACK_FILE="./sysctl-rollback.conf"
MAX_PAR="${MAX_PAR:-4}"
SUDO="${SUDO:-sudo}"
RESULTS_DIR="./.sysctl-results"

msg() { printf '%s [tune] %s\n' "$(date -Is)" "$*" >&2; }

read_profile() {
  # emits "key value" lines, skipping comments and blanks
  sed -e 's/#.*//' -e 's/[[:space:]]*=[[:space:]]*/ /' -e '/^[[:space:]]*$/d' "$1"
}

snapshot_current() {
  local key _
  : >"$ROLLBACK_FILE"
  while read -r key _; do
    if value=$(sysctl -n "$key" 2>/dev/null); then
      printf '%s = %s\n' "$key" "$value" >>"$ROLLBACK_FILE"
    else
      msg "unknown key $key, skipping snapshot"
    fi
  done < <(read_profile "$PROFILE")
  msg "saved $(wc -l <"$ROLLBACK_FILE") current values to $ROLLBACK_FILE"
}

apply_one() {
  local key="$1" value="$2"
  local tag="${key//\//.}"
  if $SUDO sysctl -q -w "$key=$value" 2>"$RESULTS_DIR/$tag.err"; then
    echo ok >"$RESULTS_DIR/$tag.status"
  else
    echo fail >"$RESULTS_DIR/$tag.status"
  fi
}

apply_file() {
  local file="$1"
  rm -rf "$RESULTS_DIR"
  mkdir -p "$RESULTS_DIR"
  local key value n=0
  while read -r key value; do
    while (( $(jobs -rp | wc -l) >= MAX_PAR )); do
      wait -n
    done
    msg "setting $key = $value"
    apply_one "$key" "$value" &
    n=$((n + 1))
  done < <(read_profile "$file")
  wait

  local failed
  failed=$(grep -l fail "$RESULTS_DIR"/*.status 2>/dev/null | wc -l)
  msg "applied $n settings, $failed failed"
  if (( failed > 0 )); then
    for f in $(grep -l fail "$RESULTS_DIR"/*.status); do
      msg "  $(basename "$f" .status): $(cat "${f%.status}.err")"
    done
    return 1
  fi
}

main() {
  case "${1:-apply}" in
    --rollback)
      [[ -f "$ROLLBACK_FILE" ]] || { msg "no rollback file"; exit 2; }
      apply_file "$ROLLBACK_FILE"
      ;;
    apply|--apply)
      [[ -f "$PROFILE" ]] || { msg "profile $PROFILE not found"; exit 2; }
      snapshot_current
      apply_file "$PROFILE"
      ;;
    *)
      echo "usage: $0 [--apply|--rollback]" >&2
      exit 64
      ;;
  esac
}

main "$@"
