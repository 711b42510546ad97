/**
 * Kind jokes about writing, one shown at random on the break screen. They laugh with the writer, never
 * at them: a break should feel like a reward.
 */
export const WRITING_JOKES: readonly string[] = [
  "Writer's block is just your characters taking a coffee break. They'll be back.",
  "I'd tell you a joke about a pencil, but it has no point.",
  'The past, the present and the future walked into a bar. It was tense.',
  'What do you call a dinosaur with a big vocabulary? A thesaurus.',
  'My editor said my story needed fewer adverbs. I wholeheartedly, completely, absolutely agree.',
  "A writer's horror story in three words: 'Autosave was off.' Relax, it's on.",
  "Punctuation matters: 'Let's eat, Grandma' saves lives.",
  'A book fell on my head. I only have my shelf to blame.',
  "I'm reading a book about anti-gravity. It's impossible to put down.",
  "Parallel lines have so much in common. It's a shame they'll never meet. Great premise for a romance, though.",
  'Why do writers make great runners? They have years of practice with run-on sentences.',
  'Why did the author see a doctor? Her story had a bad case of comma-tosis.',
  "First drafts don't have to be good. They just have to exist. Like this joke.",
  "Homophones walk into a bar. They're there with their friends.",
  'Old writers never die. They just lose the plot, then find it again after a snack.',
  "The semicolon is not a comma in a hat; it's a comma with ambitions.",
  "I'm on a break. My characters are holding a meeting about me.",
  'Why was the notebook so calm? It had all its issues bound.',
  'Every sentence you did not write yet is just resting up for later. So are you.',
  "The word 'dictionary' is in the dictionary. Some books just love talking about themselves.",
];

/** Shown for a moment when the writer comes back from the break. */
export const WELCOME_BACK = "Welcome back. Let's write.";
