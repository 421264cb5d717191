// The computer's levels as people choose them (the agents' ALIASES, agents/__init__.py): what
// each plays like and how long it thinks, for the lobby's seat menu and the table's "thinking"
// mark. Other agent specs (random, greedy, ismcts...) have no entry: they are shown by name.
export const LEVELS = {
  easy: {
    name: "easy",
    plays: "Takes the move that scores best right now, without looking ahead.",
    thinks: "Answers at once.",
    budget: "answers at once",
  },
  medium: {
    name: "medium",
    plays: "Looks a few turns ahead (300 tries a move).",
    thinks: "Thinks a fraction of a second.",
    budget: "a fraction of a second a move",
  },
  hard: {
    name: "hard",
    plays: "Searches deepest (3,000 tries a move): the strongest.",
    thinks: "Thinks up to about a second.",
    budget: "up to about a second a move",
  },
};

// "up to about a second a move" for a seat kind, or "" for an agent spec without a level.
export function budgetOf(kind) {
  return LEVELS[kind]?.budget ?? "";
}
