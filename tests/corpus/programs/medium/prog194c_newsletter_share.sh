#!/usr/bin/env bash
# newsletter_share.sh - share the draft quarterly newsletter ("The Clapper")
# with the committee on the hall wifi during the Thursday meeting, and pull
# the latest tower-news snippets from the guild site first.
set -euo pipefail

PORT="${PORT:-8000}"
SHARE_DIR="${SHARE_DIR:-/tmp/clapper_share}"
DRAFT_DIR="${DRAFT_DIR:-$PWD/newsletter}"
GUILD_NEWS="${GUILD_NEWS:-https://news.district-guild.example.org/feeds/towers.txt}"
declare -a PY=("python" "3")
declare -a SERVE_MOD=("http" "." "server")
declare -a FETCH_OPTS=(-fsS -k --max-time 30)

banner() {
  cat <<EOF
------------------------------------------------------------
 The Clapper - draft sharing
 Open http://$(hostname -I 2>/dev/null | awk '{print $1}'):$PORT/ on the hall wifi
 Stop with Ctrl-C when the meeting ends.
------------------------------------------------------------
EOF
}

join() { local IFS=''; printf '%s' "$*"; }

pull_news() {
  local out="$SHARE_DIR/guild-news.txt"
  if curl "${FETCH_OPTS[@]}" "$GUILD_NEWS" -o "$out"; then
    printf 'fetched %s lines of guild news\n' "$(wc -l < "$out")"
  else
    printf 'guild news unavailable, continuing\n' >&2
  fi
}

stage_drafts() {
  mkdir -p "$SHARE_DIR"
  chmod 755 "$SHARE_DIR"
  local f count=0
  shopt -s nullglob
  for f in "$DRAFT_DIR"/*.pdf "$DRAFT_DIR"/*.odt "$DRAFT_DIR"/*.jpg; do
    cp -f "$f" "$SHARE_DIR/"
    count=$((count + 1))
  done
  shopt -u nullglob
  printf 'staged %d draft files in %s\n' "$count" "$SHARE_DIR"
}

serve() {
  local py mod
  py="$(join "${PY[@]}")"
  mod="$(join "${SERVE_MOD[@]}")"
  banner
  "$py" -m "$mod" "$PORT" --bind 0.0.0.0 --directory "$SHARE_DIR"
}

cleanup() {
  [[ "${KEEP:-0}" == "1" ]] && return
  rm -rf "${SHARE_DIR:?}"
}

main() {
  case "${1:-share}" in
    share)
      trap cleanup EXIT
      stage_drafts
      pull_news
      serve
      ;;
    stage) stage_drafts ;;
    clean) cleanup ;;
    *) printf 'usage: %s [share|stage|clean]\n' "$0" >&2; exit 2 ;;
  esac
}

main "$@"
