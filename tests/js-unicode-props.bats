#!/usr/bin/env bats
# tools/gen-unicode-props, which makes RegExp's \p{...} tables at build time: run on a small
# made-up Unicode Character Database (and a made-up npm data folder) so the derivations it
# does (Unassigned and Unknown as complements, category groups, Script_Extensions, aliases,
# identical sets shared) are checked on data whose answers are known.

load helpers

GEN="$ODA_ROOT/tools/gen-unicode-props"

# A UCD folder with one code point for each binary property, two scripts and a few categories.
make_ucd() {
  mkdir -p ucd/extracted ucd/emoji
  printf '# Scripts-99.0.0.txt\n0041..005A ; Latin # L&\n0061..007A ; Latin\n0370..0373 ; Greek\n0300..036F ; Inherited\n0020 ; Common\n' > ucd/Scripts.txt
  printf '0342 ; Grek\n0300 ; Latn Grek\n' > ucd/ScriptExtensions.txt
  printf '0041..005A ; Lu\n0061..007A ; Ll\n0370 ; Lu\n0371..0373 ; Ll\n0300..036F ; Mn\n0020 ; Zs\n' > ucd/extracted/DerivedGeneralCategory.txt
  {
    echo 'gc ; L ; Letter'
    echo 'gc ; LC ; Cased_Letter'
    echo 'gc ; Lu ; Uppercase_Letter'
    echo 'gc ; Ll ; Lowercase_Letter'
    echo 'gc ; Cn ; Unassigned'
    echo 'gc ; Mn ; Nonspacing_Mark'
    echo 'gc ; Zs ; Space_Separator'
    echo 'sc ; Latn ; Latin'
    echo 'sc ; Grek ; Greek'
    echo 'sc ; Zinh ; Inherited ; Qaai'
    echo 'sc ; Zyyy ; Common'
    echo 'sc ; Zzzz ; Unknown'
  } > ucd/PropertyValueAliases.txt
  printf 'AHex ; ASCII_Hex_Digit\nWSpace ; White_Space ; space\n' > ucd/PropertyAliases.txt
  local p
  for p in ASCII_Hex_Digit Alphabetic Bidi_Control Case_Ignorable Cased Changes_When_Casefolded \
    Changes_When_Casemapped Changes_When_Lowercased Changes_When_Titlecased Changes_When_Uppercased \
    Dash Default_Ignorable_Code_Point Deprecated Diacritic Extender Grapheme_Base Grapheme_Extend \
    Hex_Digit IDS_Binary_Operator IDS_Trinary_Operator ID_Continue ID_Start Ideographic Join_Control \
    Logical_Order_Exception Lowercase Math Noncharacter_Code_Point Pattern_Syntax Pattern_White_Space \
    Quotation_Mark Radical Regional_Indicator Sentence_Terminal Soft_Dotted Terminal_Punctuation \
    Unified_Ideograph Uppercase Variation_Selector White_Space XID_Continue XID_Start; do
    echo "0041 ; $p" >> ucd/PropList.txt
  done
  echo '0030..0039 ; ASCII_Hex_Digit' >> ucd/PropList.txt
  echo '0041 ; Changes_When_NFKC_Casefolded' > ucd/DerivedNormalizationProps.txt
  echo '0041 ; NFKC_CF; a' >> ucd/DerivedNormalizationProps.txt
  for p in Emoji Emoji_Component Emoji_Modifier Emoji_Modifier_Base Emoji_Presentation Extended_Pictographic; do
    echo "1F600 ; $p" >> ucd/emoji/emoji-data.txt
  done
  echo '0028 ; Bidi_Mirrored' > ucd/extracted/DerivedBinaryProperties.txt
}

@test "gen-unicode-props derives complements, groups, extensions and aliases from a UCD" {
  make_ucd
  run "$GEN" ucd --dump Cn
  assert_success
  assert_output - <<'EOF'
0..1F
21..40
5B..60
7B..2FF
374..10FFFF
EOF
  run "$GEN" ucd --dump LC
  assert_output $'41..5A\n61..7A\n370..373'
  run "$GEN" ucd --dump Qaai
  assert_output '300..36F'
  # Script_Extensions: Greek's own code points, less those with a list, plus those listing it.
  run "$GEN" ucd --dump scx:Grek
  assert_output $'300..300\n342..342\n370..373'
  run "$GEN" ucd --dump scx:Latn
  assert_output $'41..5A\n61..7A\n300..300'
  run "$GEN" ucd --dump Zzzz
  assert_output $'0..1F\n21..40\n5B..60\n7B..2FF\n374..10FFFF'
  run "$GEN" ucd --dump AHex
  assert_output $'30..39\n41..41'
  run "$GEN" ucd --dump space
  assert_output '41..41'
  run "$GEN" ucd --dump Assigned
  assert_output $'20..20\n41..5A\n61..7A\n300..373'
}

@test "gen-unicode-props writes a C++ table naming its Unicode version, sharing equal sets" {
  make_ucd
  run "$GEN" ucd out.cc
  assert_success
  run grep -c 'kUnicodeVersion\[\] = "99.0.0"' out.cc
  assert_output 1
  # Common has no extensions here: its Script and Script_Extensions sets are one.
  run grep -E '^\{[0-9]+,[0-9]+\},  // (sc|scx):Zyyy$' out.cc
  assert_equal "${#lines[@]}" 2
  assert_equal "${lines[0]%%\}*}" "${lines[1]%%\}*}"
  run grep -c '{1,"Script=Greek"' out.cc
  assert_output 0
  run grep -c '^{2,"Grek",' out.cc
  assert_output 1
}

@test "gen-unicode-props fails naming a binary property the UCD lacks" {
  make_ucd
  sed -i '/ Radical$/d' ucd/PropList.txt
  run "$GEN" ucd out.cc
  assert_failure
  assert_output --partial 'gen-unicode-props: error: no data for "Radical"'
}

@test "gen-unicode-props takes the sets from npm data when the folder has them" {
  make_ucd
  mkdir -p npm/regenerate-unicode-properties/{General_Category,Script,Script_Extensions,Binary_Property}
  mkdir -p npm/unicode-property-value-aliases-ecmascript
  local r=npm/regenerate-unicode-properties
  echo "module.exports = '98.0.0';" > $r/unicode-version.js
  printf "const set = require('regenerate')(0x1E9E);\nset.addRange(0x41, 0x5A);\nexports.characters = set;\n" > $r/General_Category/Uppercase_Letter.js
  printf "const set = require('regenerate')();\nset.addRange(0x10D40, 0x10D8F);\nexports.characters = set;\n" > $r/Script/Garay.js
  cp $r/Script/Garay.js $r/Script_Extensions/Garay.js
  local p
  for p in $(sed -n 's/^[0-9A-F. ]*; \([A-Za-z_]*\)$/\1/p' ucd/PropList.txt ucd/emoji/emoji-data.txt ucd/extracted/DerivedBinaryProperties.txt ucd/DerivedNormalizationProps.txt | sort -u) Any ASCII Assigned; do
    printf "const set = require('regenerate')(0x41);\nexports.characters = set;\n" > $r/Binary_Property/$p.js
  done
  printf "module.exports = new Map([\n\t['General_Category', new Map([\n\t\t['Lu', 'Uppercase_Letter'],\n\t])],\n\t['Script', new Map([\n\t\t['Gara', 'Garay'],\n\t])],\n]);\n" \
    > npm/unicode-property-value-aliases-ecmascript/index.js
  run "$GEN" ucd --npm npm --dump Lu
  assert_output $'41..5A\n1E9E..1E9E'
  run "$GEN" ucd --npm npm --dump Gara
  assert_output '10D40..10D8F'
  run "$GEN" ucd --npm npm out.cc
  assert_success
  run grep -c 'kUnicodeVersion\[\] = "98.0.0"' out.cc
  assert_output 1
  # An empty folder (the fetch found no registry): the UCD's own sets.
  mkdir empty
  run "$GEN" ucd --npm empty --dump Lu
  assert_output $'41..5A\n370..370'
}
