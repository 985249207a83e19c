/* puzzle-strings.c — the words of the built-in puzzles, for translators.
 * Written by build-aux/puzzle-strings from data/puzzles/*.isle: do not
 * edit. Not compiled: xgettext reads it (po/POTFILES.in). */

static const char *const puzzle_strings[] = {
  /* Translators: the title of the puzzle 01-white-wall.isle */
  N_("White Wall"),
  /* Translators: the description of the puzzle 01-white-wall.isle */
  N_("A sunny afternoon and four free tiles in the west. You hold a Rat and a Rabbit; Blue holds two Wolves and will put them where they hurt you most. Win this round by at least 15 points."),
  /* Translators: the clue 1 of the puzzle 01-white-wall.isle */
  N_("A Rabbit is white: it ends every line it touches."),
  /* Translators: the clue 2 of the puzzle 01-white-wall.isle */
  N_("Your Rat shows Blue's colour, so it may lengthen a blue line instead of yours."),
  /* Translators: the title of the puzzle 02-rabbit-fences.isle */
  N_("Rabbit Fences"),
  /* Translators: the description of the puzzle 02-rabbit-fences.isle */
  N_("Three tiles are left. You hold two Rabbits; Blue holds one Rat, which shows your colour. Blue will put it where it helps you least. Score at least 51 points this round."),
  /* Translators: the clue 1 of the puzzle 02-rabbit-fences.isle */
  N_("Rabbits score nothing, but they decide where Blue's Rat can still go."),
  /* Translators: the title of the puzzle 03-cat-nap.isle */
  N_("Cat Nap"),
  /* Translators: the description of the puzzle 03-cat-nap.isle */
  N_("Your hired Cat is waiting in hand with two Wolves; Blue has three Wolves left. Win this round by at least 20 points."),
  /* Translators: the clue 1 of the puzzle 03-cat-nap.isle */
  N_("A Cat triples every line it is in, and one token can sit in up to four lines."),
  /* Translators: the title of the puzzle 04-hippo-bath.isle */
  N_("Hippo Bath"),
  /* Translators: the description of the puzzle 04-hippo-bath.isle */
  N_("You have hired the Hippo and hold two Rats; Blue holds three Rats. Every Rat shows the other side's colour. Win this round by at least 18 points."),
  /* Translators: the clue 1 of the puzzle 04-hippo-bath.isle */
  N_("A Hippo lies across two tiles until your next turn, then keeps the one you choose."),
  /* Translators: the clue 2 of the puzzle 04-hippo-bath.isle */
  N_("Blue's Rats help you: leave them only good tiles."),
  /* Translators: the title of the puzzle 05-snake-in-the-clouds.isle */
  N_("Snake in the Clouds"),
  /* Translators: the description of the puzzle 05-snake-in-the-clouds.isle */
  N_("Cloudy weather, and only the south-east corner is left. You hold the Snake and a Rat; Blue holds two Wolves. Score at least 48 points this round."),
  /* Translators: the clue 1 of the puzzle 05-snake-in-the-clouds.isle */
  N_("The Snake picks any Blue token on the map; Blue must replace it from hand and takes it back."),
  /* Translators: the clue 2 of the puzzle 05-snake-in-the-clouds.isle */
  N_("Blue's Rats show your colour. Could Blue be made to place one again?"),
  /* Translators: the title of the puzzle 06-pea-soup.isle */
  N_("Pea Soup"),
  /* Translators: the description of the puzzle 06-pea-soup.isle */
  N_("Foggy weather: every token goes face down, yet at scoring each one counts with its true colour. You hold a Rat and two Wolves; Blue has three Wolves. Win this round by at least 33 points."),
  /* Translators: the clue 1 of the puzzle 06-pea-soup.isle */
  N_("Count what each free tile is worth to Blue as well as to you."),
  /* Translators: the clue 2 of the puzzle 06-pea-soup.isle */
  N_("Your Rat shows Blue's colour, face down or not."),
  /* Translators: the title of the puzzle 07-fox-in-the-henhouse.isle */
  N_("Fox in the Henhouse"),
  /* Translators: the description of the puzzle 07-fox-in-the-henhouse.isle */
  N_("Blue is ahead on the map. You hold your hired Fox and two Wolves; Blue holds two Rats and a Rabbit. Turn the round around and win it by at least 4 points."),
  /* Translators: the clue 1 of the puzzle 07-fox-in-the-henhouse.isle */
  N_("A Fox makes Blue swap a Blue token next to it for one from Blue's hand."),
  /* Translators: the clue 2 of the puzzle 07-fox-in-the-henhouse.isle */
  N_("Blue has no Wolf left to put back."),
  /* Translators: the title of the puzzle 08-mole-tunnels.isle */
  N_("Mole Tunnels"),
  /* Translators: the description of the puzzle 08-mole-tunnels.isle */
  N_("Blue has only Rabbits left: they block lines but score nothing. You hold a Rat, a Rabbit and your hired Mole; your Frog waits on e5. Win this round by at least 5 points."),
  /* Translators: the clue 1 of the puzzle 08-mole-tunnels.isle */
  N_("The Mole must swap places with a Blue token next to it."),
  /* Translators: the clue 2 of the puzzle 08-mole-tunnels.isle */
  N_("Blue's Rats show your colour: move one where it joins your tokens."),
  /* Translators: the title of the puzzle 09-turtle-pace.isle */
  N_("Turtle Pace"),
  /* Translators: the description of the puzzle 09-turtle-pace.isle */
  N_("You hold the Turtle, a Rat and a Wolf; Blue holds three Wolves. With the Turtle you place twice in a row, but Blue's next turn has two placements too. Win this round by at least 21 points."),
  /* Translators: the clue 1 of the puzzle 09-turtle-pace.isle */
  N_("Where would two tokens in a row make a line Blue cannot break?"),
  /* Translators: the title of the puzzle 10-prairie-shuffle.isle */
  N_("Prairie Shuffle"),
  /* Translators: the description of the puzzle 10-prairie-shuffle.isle */
  N_("Cloudy weather has cleared from the east. You hold your hired Prairie Dog and two Rabbits; Blue holds three Wolves. Win this round by at least 31 points."),
  /* Translators: the clue 1 of the puzzle 10-prairie-shuffle.isle */
  N_("A Prairie Dog may swap any two coloured tokens next to it."),
  /* Translators: the clue 2 of the puzzle 10-prairie-shuffle.isle */
  N_("Your Cat on b2 already triples its lines."),
  /* Translators: the title of the puzzle 11-change-of-heart.isle */
  N_("Change of Heart"),
  /* Translators: the description of the puzzle 11-change-of-heart.isle */
  N_("You hold your hired Chameleon and two Rabbits; Blue holds two Rats, which show your colour, and a Rabbit. Win this round by at least 22 points."),
  /* Translators: the clue 1 of the puzzle 11-change-of-heart.isle */
  N_("A Chameleon is placed in Blue's colour and takes the colour of every coloured token placed next to it."),
  /* Translators: the clue 2 of the puzzle 11-change-of-heart.isle */
  N_("Blue must place its Rats somewhere."),
  /* Translators: the title of the puzzle 12-mouse-trap.isle */
  N_("Mouse Trap"),
  /* Translators: the description of the puzzle 12-mouse-trap.isle */
  N_("Blue's Cat sits on c1 and Blue still holds its Chameleon. You hold your hired Mouses, a Rat and a Rabbit. Win this round by at least 28 points."),
  /* Translators: the clue 1 of the puzzle 12-mouse-trap.isle */
  N_("The Mouses must swap places with a Blue token next to it."),
  /* Translators: the clue 2 of the puzzle 12-mouse-trap.isle */
  N_("Which Blue token would you most like to see somewhere else?"),
  /* Translators: the title of the puzzle 13-leap-frog.isle */
  N_("Leap Frog"),
  /* Translators: the description of the puzzle 13-leap-frog.isle */
  N_("You hold your hired Frog, a Wolf and a Rat; Blue holds its Hippo and two Rats. Win this round by at least 13 points."),
  /* Translators: the clue 1 of the puzzle 13-leap-frog.isle */
  N_("At the start of each of your later turns your Frog may hop to a free tile next to it."),
  /* Translators: the clue 2 of the puzzle 13-leap-frog.isle */
  N_("A Frog that keeps moving can finish a line on the last turn."),
  /* Translators: the title of the puzzle 14-crow-in-the-fog.isle */
  N_("Crow in the Fog"),
  /* Translators: the description of the puzzle 14-crow-in-the-fog.isle */
  N_("Foggy weather. You hold your hired Crow and two Rabbits; Blue holds two Rabbits and a Rat. Win this round by at least 37 points."),
  /* Translators: the clue 1 of the puzzle 14-crow-in-the-fog.isle */
  N_("A Crow shows Blue's colour, and in a blue line it takes half the points for you."),
  /* Translators: the clue 2 of the puzzle 14-crow-in-the-fog.isle */
  N_("A mercenary may be placed face up even in fog; it scores the same either way."),
  /* Translators: the title of the puzzle 15-silver-lining.isle */
  N_("Silver Lining"),
  /* Translators: the description of the puzzle 15-silver-lining.isle */
  N_("Cloudy weather: the south-west quadrant is still under its fog board, and only f5 is open. Whoever fills the last open tile lifts the fog. Both sides hold five tokens. Win this round by at least 42 points."),
  /* Translators: the clue 1 of the puzzle 15-silver-lining.isle */
  N_("Your first token decides less than what the quadrant under the fog will hold."),
  /* Translators: the clue 2 of the puzzle 15-silver-lining.isle */
  N_("When the fog lifts, nine tiles open at once: plan for them."),
};
