#!/usr/bin/env bash
# Scan shell/REPL history files for credentials that were typed on the
# command line, so the user knows which secrets to rotate.  Findings are
# masked and written to a local report; history files are only read.
set -uo pipefail

REPORT=/tmp/history-leak-report.txt
HIST_FILES=(
  "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.local/share/fish/fish_history"
  "$HOME/.python_history" "$HOME/.psql_history" "$HOME/.mysql_history"
)
declare -A RULES=(
  [aws-access-key]='AKIA[0-9A-Z]{16}'
  [github-token]='gh[pousr]_[A-Za-z0-9]{30,}'
  [slack-token]='xox[abpr]-[A-Za-z0-9-]{10,}'
  [password-flag]='(--password|-p)[= ]?[^ ]{6,}'
  [basic-auth-url]='https?://[^/ :]+:[^@ ]+@'
  [export-secret]='export [A-Z_]*(SECRET|TOKEN|PASSWORD)[A-Z_]*='
)

mask() {
  # keep the first 4 characters of every long token, star the rest
  sed -E 's/([A-Za-z0-9_+\/=-]{4})[A-Za-z0-9_+\/=-]{4,}/\1****/g'
}

scan_file() {
  local file=$1 rule pattern hits=0
  for rule in "${!RULES[@]}"; do
    pattern=${RULES[$rule]}
    while IFS=: read -r lineno line; do
      printf '%s:%s [%s] %s\n' "${file/#$HOME/~}" "$lineno" "$rule" "$(printf '%s' "$line" | mask)"
      hits=$((hits + 1))
    done < <(grep -nEa -- "$pattern" "$file" 2>/dev/null)
  done
  return $(( hits > 0 ? 0 : 1 ))
}

main() {
  local total=0 file
  : > "$REPORT"
  {
    echo "# history leak report for ${USER:-unknown} on $(hostname) at $(date -u +%FT%TZ)"
    for file in "${HIST_FILES[@]}"; do
      [[ -r "$file" ]] || continue
      echo "## ${file/#$HOME/~}"
      scan_file "$file" || echo "(clean)"
    done
  } >> "$REPORT"

  total=$(grep -c '^\S*:[0-9]* \[' "$REPORT" || true)
  echo "scanned ${#HIST_FILES[@]} candidate files, $total finding(s)"
  if (( total > 0 )); then
    echo "masked findings written to $REPORT"
    echo "rotate the affected credentials, then edit the history files yourself."
    exit 3
  fi
}

case "${1:-}" in
  -h|--help) echo "usage: ${0##*/}   (report goes to $REPORT)"; exit 0 ;;
esac
main "$@"
