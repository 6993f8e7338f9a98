// Starter prompts for the shared prompt library. Written for AI Agora.
// Placeholders in square brackets, e.g. [TOPIC], are meant to be replaced by the user.

export type PromptCategory = "writing" | "coding" | "business" | "creative" | "analysis" | "education";
export type PromptDifficulty = "beginner" | "intermediate" | "advanced";
export type PromptModel = "chatgpt" | "claude" | "gemini" | "any";

export interface StarterPrompt {
  title: string;
  description: string;
  content: string;
  category: PromptCategory;
  aiModel: PromptModel;
  difficulty: PromptDifficulty;
  tags: string[];
}

export const starterPrompts: StarterPrompt[] = [
  // Writing
  {
    title: "Cold Email That Gets Replies",
    description:
      "Draft a short, specific outreach email that respects the reader's time and ends with an easy yes.",
    content: `Write a cold email from me to [RECIPIENT ROLE] at [COMPANY OR ORGANIZATION].

About me: [ONE OR TWO SENTENCES ABOUT WHO I AM]
What I want: [THE SPECIFIC ASK, E.G. A 15-MINUTE CALL]
Why them specifically: [SOMETHING CONCRETE ABOUT THEIR WORK]

Rules:
- Maximum 120 words.
- The first sentence must be about them, not about me.
- Mention one concrete detail that proves I did my research.
- Make the ask small and specific, with a suggested time frame.
- No flattery, no buzzwords, no "I hope this email finds you well".

Give me three subject line options under eight words each, then the email. Finally, list one thing I could add to make the email even more personal if I had more information.`,
    category: "writing",
    aiModel: "any",
    difficulty: "beginner",
    tags: ["email", "outreach", "networking"],
  },
  {
    title: "Blog Post Outline From a Rough Idea",
    description: "Turn a half-formed idea into a structured outline with a clear angle and a hook.",
    content: `I want to write a blog post about [TOPIC] for [AUDIENCE]. My rough idea is: [ONE PARAGRAPH DESCRIBING WHAT I WANT TO SAY].

Help me shape it before I start writing:
1. Suggest three possible angles, each in one sentence, and say which is most likely to interest [AUDIENCE] and why.
2. For the strongest angle, write a working title and an opening hook of two sentences.
3. Create an outline with four to six sections. Under each heading, add two bullet points describing what the section should cover and one question the reader might have at that point.
4. Suggest one personal story or concrete example I could use, based on what I told you, and where it should go.

Do not write the post itself. Keep my intended tone, which is [TONE, E.G. PRACTICAL AND FRIENDLY].`,
    category: "writing",
    aiModel: "chatgpt",
    difficulty: "beginner",
    tags: ["blogging", "outline", "content"],
  },
  {
    title: "Line Edit Without Losing My Voice",
    description:
      "Get editor-style notes on your prose without the model rewriting everything in its own style.",
    content: `Act as a careful line editor, not a co-author. I will paste a passage from my [TYPE OF WRITING, E.G. NOVEL, ESSAY, BLOG POST] below.

Your job is to point out problems and explain them. Do not rewrite sentences unless I ask you to.

Check for:
- Repeated words or phrases within a short distance
- Sentences that are hard to follow on the first read
- Rhythm problems, such as many sentences of the same length in a row
- Filler words and hedging that weaken the writing
- Places where the meaning is ambiguous

Present your notes as a numbered list. For each note, quote the exact words, name the problem, and explain briefly why it matters to a reader. Finish with the two most important things to fix first, and one thing that is already working well and should be kept.

Passage:
[PASTE YOUR TEXT]`,
    category: "writing",
    aiModel: "claude",
    difficulty: "intermediate",
    tags: ["editing", "fiction", "style"],
  },
  {
    title: "Rewrite for a Different Audience",
    description: "Adapt the same message for a new reader without losing the key facts.",
    content: `Rewrite the text below for a new audience.

Original audience: [WHO IT WAS WRITTEN FOR]
New audience: [WHO WILL READ IT NOW, E.G. CUSTOMERS, CHILDREN, EXECUTIVES, NEW EMPLOYEES]
Goal for the new audience: [WHAT THEY SHOULD UNDERSTAND OR DO AFTER READING]
Maximum length: [WORD LIMIT]

Keep every important fact, number and date accurate. Replace jargon the new audience will not know with plain words, or explain it in a short phrase. Adjust the tone to suit the new reader.

After the rewrite, add a short table with two columns: "Changed" and "Why", listing the main changes you made. If any information from the original seems unnecessary for the new audience, list it separately so I can decide whether to drop it.

Text:
[PASTE YOUR TEXT]`,
    category: "writing",
    aiModel: "any",
    difficulty: "beginner",
    tags: ["rewriting", "audience", "clarity"],
  },
  {
    title: "Persuasive Op-Ed Builder",
    description: "Develop a sharp opinion piece that anticipates objections and argues honestly.",
    content: `Help me write an opinion piece arguing that [YOUR POSITION] for [PUBLICATION OR AUDIENCE]. Target length: [WORD COUNT] words.

Work in stages and wait for my approval after each one:

Stage 1: State my thesis in one sentence. List the three strongest arguments for it and the three strongest objections a thoughtful critic would raise. Mark which objection is the most dangerous to my case.

Stage 2: Propose a structure: an opening that starts with a concrete scene, fact or example, the order of arguments, and where to address the objections directly.

Stage 3: Write the draft. Use only evidence I provide or clearly flag claims as [NEEDS SOURCE]. Avoid straw-man versions of the other side. Use short paragraphs and end with a specific call to action rather than a summary.

My evidence and experience so far: [NOTES, FACTS, PERSONAL EXPERIENCE]`,
    category: "writing",
    aiModel: "claude",
    difficulty: "advanced",
    tags: ["opinion", "persuasion", "argument"],
  },
  {
    title: "Newsletter Subject Line Lab",
    description: "Generate and critique subject lines for an email newsletter in several styles.",
    content: `I write a newsletter about [NEWSLETTER TOPIC] for [AUDIENCE]. This issue covers: [SHORT SUMMARY OF THIS ISSUE].

Generate 12 subject lines, three in each of these styles:
- Curiosity: makes the reader want to know more without being clickbait
- Benefit: states clearly what the reader gets
- Specific: includes a number, name or concrete detail from the issue
- Personal: sounds like a note from a friend

Keep each under 50 characters. For each style, also write a matching preview text line under 90 characters.

Then pick your top three overall and explain in one sentence each why they would work for this audience. Finally, flag any subject line that might trigger spam filters or feel misleading, and explain why.`,
    category: "writing",
    aiModel: "gemini",
    difficulty: "intermediate",
    tags: ["newsletter", "email", "marketing"],
  },

  // Coding
  {
    title: "Explain This Code Line by Line",
    description: "Understand unfamiliar code with a walkthrough pitched at your current level.",
    content: `Explain the following [PROGRAMMING LANGUAGE] code to me. My experience level: [E.G. I KNOW BASIC PYTHON BUT I AM NEW TO JAVASCRIPT].

First, give a two-sentence summary of what the code does overall and when someone would use it.

Then go through it section by section. For each part:
- Quote the lines
- Explain what they do in plain language
- Point out any syntax or concept that might be new to someone at my level, with a tiny separate example

Finally, describe what happens step by step when the code runs with this example input: [EXAMPLE INPUT]. Mention any potential bugs, edge cases or confusing names you notice, but keep those separate from the explanation.

Code:
[PASTE CODE]`,
    category: "coding",
    aiModel: "any",
    difficulty: "beginner",
    tags: ["learning", "code-reading", "explanation"],
  },
  {
    title: "Rubber Duck Debugger",
    description: "Find the bug through guided questions instead of getting a fix pasted at you.",
    content: `Be my rubber duck debugging partner. I have a bug and I want to understand it, not just get a patch.

Language and framework: [LANGUAGE AND VERSION]
What I expect to happen: [EXPECTED BEHAVIOR]
What actually happens: [ACTUAL BEHAVIOR, INCLUDING THE FULL ERROR MESSAGE]
What I have already tried: [ATTEMPTS SO FAR]

Relevant code:
[PASTE CODE]

Rules for this session:
1. Do not give me the fix immediately.
2. Start by listing your top three hypotheses for the cause, ranked by likelihood, with the evidence for each.
3. For the most likely hypothesis, suggest one small experiment I can run, such as a print statement, a test input or a breakpoint, that would confirm or rule it out.
4. Wait for my result, then continue.

If I get stuck after two rounds, explain the fix and the underlying concept so I recognize this bug next time.`,
    category: "coding",
    aiModel: "claude",
    difficulty: "intermediate",
    tags: ["debugging", "learning", "problem-solving"],
  },
  {
    title: "Unit Tests for the Edge Cases",
    description: "Generate focused tests that cover the inputs most likely to break a function.",
    content: `Write unit tests for the function below using [TEST FRAMEWORK, E.G. PYTEST, VITEST, JUNIT].

Before writing any tests, list the behaviors the function should have, including:
- The normal happy path
- Boundary values such as empty input, zero, one item, and maximum sizes
- Invalid input: wrong types, missing values, malformed data
- Any special cases visible in the code, such as branches, early returns and error handling

Then write the tests. Each test should check one behavior and have a descriptive name that reads like a sentence. Use clear arrange, act, assert sections. Do not mock anything that is not an external dependency.

If the current implementation seems to handle a case incorrectly, write the test for the correct behavior anyway, mark it clearly, and explain the suspected bug.

Function:
[PASTE FUNCTION]`,
    category: "coding",
    aiModel: "chatgpt",
    difficulty: "intermediate",
    tags: ["testing", "quality", "edge-cases"],
  },
  {
    title: "Code Review Like a Senior Engineer",
    description: "A structured review that separates real problems from style nitpicks.",
    content: `Review this code change as a senior engineer who cares about correctness, readability and maintainability.

Context: [WHAT THE CHANGE IS SUPPOSED TO DO]
Codebase conventions: [LANGUAGE, FRAMEWORK, STYLE GUIDE OR "UNKNOWN"]
Risk level: [E.G. PAYMENT CODE, INTERNAL TOOL, PROTOTYPE]

Organize your review into these sections:
1. Blocking issues: bugs, security problems, data loss risks, race conditions, incorrect error handling. Explain the failure scenario for each.
2. Design concerns: naming, responsibilities, coupling, missing abstractions or unnecessary ones.
3. Tests: what is untested and which test would catch the most likely regression.
4. Nitpicks: style and small improvements, clearly labeled as optional.

For every comment, reference the specific lines and suggest a concrete improvement. Be direct but respectful, as if the author is a capable colleague. End with an overall verdict: approve, approve with changes, or request changes.

Diff or code:
[PASTE CODE]`,
    category: "coding",
    aiModel: "claude",
    difficulty: "advanced",
    tags: ["code-review", "best-practices", "security"],
  },
  {
    title: "Safe Refactor Plan for Legacy Code",
    description: "Plan a step-by-step refactor that keeps the code working at every stage.",
    content: `I need to refactor a piece of legacy code without breaking it. Help me plan before changing anything.

Language: [LANGUAGE]
Problem with the current code: [E.G. 600-LINE FUNCTION, DUPLICATED LOGIC, NO TESTS]
Goal: [WHAT THE CODE SHOULD LOOK LIKE AFTERWARDS]
Constraints: [E.G. CANNOT CHANGE THE PUBLIC API, LIMITED TIME, SHARED BY OTHER TEAMS]

Please:
1. Summarize what the code currently does, including side effects and hidden dependencies you can spot.
2. Propose characterization tests that lock in the current behavior before any changes, even odd behavior.
3. Break the refactor into small steps. Each step should be independently shippable, leave all tests passing, and be reviewable in under 15 minutes.
4. For each step, name the refactoring technique, such as extract function or introduce parameter object, and the main risk.
5. Identify which steps could be skipped if time runs out.

Code:
[PASTE CODE]`,
    category: "coding",
    aiModel: "any",
    difficulty: "advanced",
    tags: ["refactoring", "legacy", "planning"],
  },
  {
    title: "Regex Builder With Explanations",
    description: "Create a regular expression and understand every part of it.",
    content: `Write a regular expression for [REGEX FLAVOR, E.G. JAVASCRIPT, PYTHON, POSTGRESQL] that matches: [DESCRIBE WHAT SHOULD MATCH].

It should match these examples:
[LIST OF EXAMPLES THAT SHOULD MATCH]

It must not match these:
[LIST OF EXAMPLES THAT SHOULD NOT MATCH]

Give me:
1. The regex on its own line.
2. A breakdown table with each part of the pattern and what it does in plain language.
3. A quick check showing, for each example above, whether it matches and why.
4. Two tricky inputs I did not think of that could cause false positives or false negatives, and how to handle them.

If a regex is the wrong tool for this job, for example parsing nested structures, tell me and suggest a better approach instead.`,
    category: "coding",
    aiModel: "gemini",
    difficulty: "beginner",
    tags: ["regex", "text-processing", "explanation"],
  },

  // Business
  {
    title: "Customer Interview Script",
    description: "Prepare unbiased discovery questions that reveal real problems instead of polite opinions.",
    content: `I am preparing customer discovery interviews for [PRODUCT OR IDEA]. The people I am interviewing are [TARGET CUSTOMER DESCRIPTION]. I want to learn: [MAIN QUESTION, E.G. HOW THEY CURRENTLY HANDLE X AND WHAT IT COSTS THEM].

Write a 30-minute interview script with:
- A short, friendly opening that explains the purpose without pitching my idea
- Eight to ten open questions about their past behavior, not hypothetical future behavior
- Follow-up probes for each question, such as "Tell me about the last time that happened"
- A closing that asks who else I should talk to

Then list five questions I should avoid because they lead the interviewee or invite polite lies, such as "Would you use a product that...", and explain why each one is a problem.

Finish with a simple note-taking template I can fill in during each interview.`,
    category: "business",
    aiModel: "any",
    difficulty: "intermediate",
    tags: ["customer-research", "startups", "interviews"],
  },
  {
    title: "One-Page Business Plan",
    description: "Summarize a business idea on a single page and reveal its weakest assumptions.",
    content: `Help me create a one-page business plan for this idea: [DESCRIBE YOUR BUSINESS IDEA].

Location or market: [WHERE YOU WILL OPERATE]
Starting budget: [AMOUNT]
My relevant skills and experience: [BACKGROUND]

Use these sections, with no more than three bullet points each:
1. Problem: who has it and how painful it is
2. Solution: what I offer and how it works
3. Customers: the first specific group I should target
4. Revenue: how I make money and a rough price
5. Costs: main startup and monthly costs
6. Competition: alternatives customers use today
7. First 90 days: concrete milestones

After the plan, list the three riskiest assumptions in it and suggest a cheap way to test each one within two weeks. Use plain language, as if explaining to a friend rather than an investor.`,
    category: "business",
    aiModel: "chatgpt",
    difficulty: "beginner",
    tags: ["planning", "small-business", "strategy"],
  },
  {
    title: "Competitor Analysis Matrix",
    description: "Compare competitors side by side and find a realistic gap to position into.",
    content: `Create a competitor analysis for [YOUR PRODUCT OR SERVICE] in the [INDUSTRY OR MARKET] market.

Competitors to include: [LIST OF COMPETITORS]
My product's main features and price: [DESCRIPTION]
My target customer: [DESCRIPTION]

Build a comparison table with these columns: competitor, target customer, core offering, pricing model, main strength, main weakness, and how customers describe them. Only include information I provided or that you are confident about, and mark uncertain cells with a question mark so I can verify them.

After the table:
1. Identify two or three gaps no competitor serves well.
2. Suggest a positioning statement for my product using the format: For [target customer] who [need], [product] is the [category] that [key benefit], unlike [main alternative].
3. List the questions I should research further to confirm these findings.`,
    category: "business",
    aiModel: "gemini",
    difficulty: "intermediate",
    tags: ["competition", "positioning", "market-research"],
  },
  {
    title: "Pricing Strategy Stress Test",
    description: "Challenge a proposed price from several perspectives before you launch it.",
    content: `I plan to price [PRODUCT OR SERVICE] at [PRICE AND MODEL, E.G. 29 PER MONTH PER SEAT]. Stress test this decision.

Context:
- Target customers: [WHO]
- Main alternative they use today and its cost: [ALTERNATIVE]
- My cost to serve one customer: [COST]
- Business goal for the next year: [E.G. GROWTH, PROFITABILITY, MARKET ENTRY]

Analyze the price from four perspectives:
1. The customer: what value they get, how they compare it, and what might make them hesitate.
2. The competitor: how they might respond.
3. The finance team: margins, break-even customer count and sensitivity to churn. Show your calculations.
4. The sales team: how easy the price is to explain and whether discounts will become a habit.

Then propose two alternative pricing structures, such as tiered or usage-based, with pros and cons. End with a recommendation and a simple experiment to validate it with real customers.`,
    category: "business",
    aiModel: "claude",
    difficulty: "advanced",
    tags: ["pricing", "strategy", "finance"],
  },
  {
    title: "Difficult Conversation Prep for Managers",
    description: "Plan and rehearse a hard conversation with a team member before it happens.",
    content: `I am a manager preparing for a difficult conversation with [ROLE OF THE OTHER PERSON] about [TOPIC, E.G. MISSED DEADLINES, A CONFLICT WITH A COLLEAGUE].

Facts I have observed: [SPECIFIC, DATED EXAMPLES]
What I want to change: [DESIRED OUTCOME]
What I know about their situation: [CONTEXT]

Help me prepare:
1. Rewrite my observations as neutral, specific statements without judgments or labels.
2. Suggest an opening of two or three sentences that is clear about the purpose and respectful.
3. List questions that invite their perspective before I propose solutions.
4. Predict three ways they might react, such as defensive, upset or surprised, and suggest a calm response to each.
5. Draft a closing that agrees on next steps and a follow-up date.

Then role-play as the other person so I can practice. Respond realistically, not too easily, and give me feedback on my wording after five exchanges.`,
    category: "business",
    aiModel: "claude",
    difficulty: "intermediate",
    tags: ["management", "communication", "leadership"],
  },
  {
    title: "Meeting Notes to Action Items",
    description: "Turn a messy transcript or notes into decisions, owners and deadlines.",
    content: `Turn the meeting notes below into a short summary my team will actually read.

Use exactly these sections:
1. Decisions made: one line each.
2. Action items: a table with task, owner, due date and a short quote from the notes that supports it. If the owner or due date was not stated, write "not assigned" instead of guessing.
3. Open questions: anything raised but not resolved.
4. If you only read one thing: one sentence with the most important takeaway.

Do not include anything that was discussed but led nowhere. Do not invent decisions or action items. If something is ambiguous, list it under open questions.

Meeting topic: [TOPIC]
Attendees: [NAMES AND ROLES]
Notes or transcript:
[PASTE NOTES]`,
    category: "business",
    aiModel: "any",
    difficulty: "beginner",
    tags: ["meetings", "productivity", "summaries"],
  },

  // Creative
  {
    title: "Character Interview",
    description: "Discover who your character really is by letting the AI interview you about them.",
    content: `I am writing a [GENRE] story and want to understand my character [CHARACTER NAME] better. Here is what I know so far: [BRIEF DESCRIPTION OF THE CHARACTER AND THEIR ROLE IN THE STORY].

Interview me about this character. Do not write any story content and do not invent details yourself.

Ask one question at a time and wait for my answer. Start with easy questions about daily life and habits, then move to deeper ones: their fears, what they want versus what they need, secrets, contradictions, how they speak under stress, and what they would never do.

Adapt each question to my previous answers and follow up when an answer is vague or surprising. After about 15 questions, summarize what we discovered in a short character sheet and point out two tensions or contradictions that could drive the plot.`,
    category: "creative",
    aiModel: "claude",
    difficulty: "beginner",
    tags: ["fiction", "characters", "brainstorming"],
  },
  {
    title: "Worldbuilding Consistency Checker",
    description: "Audit your fictional world's rules for contradictions and unexplored consequences.",
    content: `I am building a fictional world for [PROJECT TYPE, E.G. FANTASY NOVEL, TABLETOP CAMPAIGN, GAME]. Below are my worldbuilding notes.

Analyze them as a sharp but supportive story editor:
1. Contradictions: list any facts or rules that conflict with each other, quoting both passages.
2. Unexplored consequences: for each major rule, such as a magic system, technology or political structure, describe two second-order effects on daily life, economy or culture that I have not addressed.
3. Gaps: questions a curious reader or player would ask that my notes cannot answer yet.
4. Strengths: the two most original elements I should build on.

Do not add new lore unless I ask. Phrase suggestions as questions, such as "If anyone can do X, why does Y still happen?", so I keep creative control.

My notes:
[PASTE WORLDBUILDING NOTES]`,
    category: "creative",
    aiModel: "claude",
    difficulty: "advanced",
    tags: ["worldbuilding", "fiction", "consistency"],
  },
  {
    title: "Image Prompt Builder",
    description:
      "Turn a vague visual idea into detailed prompts for image generators like Midjourney or Stable Diffusion.",
    content: `Help me write prompts for an AI image generator. The tool I use: [MIDJOURNEY, STABLE DIFFUSION, DALL-E OR OTHER].

My idea: [DESCRIBE THE IMAGE YOU IMAGINE]
Purpose: [E.G. BOOK COVER MOCKUP, MOODBOARD, DESKTOP WALLPAPER]

First, ask me up to four short questions about anything important I left out, such as mood, color palette, composition or art style.

Then write three prompt variations:
1. Faithful: as close to my description as possible.
2. Cinematic: dramatic lighting and composition.
3. Minimal: simplified, with strong shapes and few details.

For each prompt, describe the subject, setting, lighting, camera angle or composition, style and color palette. Keep each prompt under 60 words and add any parameters that fit my tool. Finally, list details image generators often get wrong, such as hands, text or counts of objects, and how to work around them.`,
    category: "creative",
    aiModel: "any",
    difficulty: "intermediate",
    tags: ["image-generation", "midjourney", "visual-art"],
  },
  {
    title: "Poem in a Borrowed Form",
    description: "Write a poem in a traditional form, with a short lesson on how the form works.",
    content: `Write a poem about [SUBJECT] in the form of a [POETIC FORM, E.G. SONNET, VILLANELLE, HAIKU SEQUENCE, GHAZAL].

Before the poem, explain the rules of this form in three or four sentences: line count, rhyme scheme, meter or repetition, and the effect the form is known for.

Write the poem with these preferences:
- Tone: [E.G. WISTFUL, PLAYFUL, ANGRY, TENDER]
- Include this image or detail: [A SPECIFIC CONCRETE DETAIL FROM YOUR LIFE]
- Avoid clichés such as hearts of gold and oceans of tears

After the poem, point out one place where you bent a rule of the form and why. Then suggest two lines I could try rewriting myself to make the poem more personal.`,
    category: "creative",
    aiModel: "chatgpt",
    difficulty: "intermediate",
    tags: ["poetry", "forms", "writing-practice"],
  },
  {
    title: "Story Prompt Generator With Constraints",
    description: "Beat writer's block with unusual story prompts built from random constraints.",
    content: `Give me five short story prompts. Each one must combine:
- A character with a specific job or role
- A setting with one unusual detail
- A problem that must be solved within a time limit
- One constraint on how the story is told, such as told entirely through letters, no dialogue, or in reverse order

Theme to lean toward: [THEME, OR "SURPRISE ME"]
Genre preference: [GENRE, OR "ANY"]
Length I plan to write: [E.G. 500 WORDS, ONE SCENE]

Write each prompt in two or three sentences. Make them different in tone: at least one funny, one unsettling and one heartfelt.

After the list, pick the prompt you think has the most potential and write only the first sentence of the story, to show me one possible way in. I will write the rest myself.`,
    category: "creative",
    aiModel: "gemini",
    difficulty: "beginner",
    tags: ["writing-prompts", "fiction", "writers-block"],
  },
  {
    title: "Plot Hole Detective",
    description: "Find logic gaps, timeline errors and motivation problems in a story outline.",
    content: `Act as a story analyst. Below is the outline or synopsis of my [NOVEL, SCREENPLAY, GAME STORY]. Read it carefully and look for problems that would bother an attentive reader.

Check for:
1. Timeline errors: events in an impossible order, or characters in two places at once.
2. Motivation gaps: characters acting without a believable reason, or against what we know of them.
3. Convenient coincidences that solve problems too easily.
4. Setups without payoffs, and payoffs without setups.
5. Stakes: moments where the reader may stop caring because the outcome does not matter.

For each problem, quote the relevant part, explain why it is a problem, and rate it as minor, moderate or serious. Suggest two possible fixes per serious issue, ideally small changes rather than rewrites.

End with a short list of what is working well, so I know what to protect during revisions.

Outline:
[PASTE OUTLINE]`,
    category: "creative",
    aiModel: "any",
    difficulty: "advanced",
    tags: ["storytelling", "editing", "plot"],
  },

  // Analysis
  {
    title: "Steelman Both Sides",
    description: "Understand a contested issue by building the strongest version of each position.",
    content: `I want to understand the debate about [ISSUE OR QUESTION] more fairly.

Please:
1. Describe the strongest version of each major position, the way its most thoughtful supporters would argue it, not the caricature.
2. For each position, list the key values it prioritizes, such as fairness, freedom, safety or efficiency, and the evidence it relies on.
3. Identify where the disagreement is actually about facts and where it is about values.
4. List the empirical questions that, if answered, would change some people's minds, and what current evidence suggests, clearly marking uncertainty.
5. Point out common misunderstandings each side has about the other.

Stay neutral and do not tell me which side is right. If you are unsure of a fact, say so instead of guessing. My current view, so you can challenge my blind spots: [YOUR CURRENT OPINION].`,
    category: "analysis",
    aiModel: "claude",
    difficulty: "intermediate",
    tags: ["critical-thinking", "debate", "perspectives"],
  },
  {
    title: "Survey Results Interpreter",
    description: "Pull honest, well-qualified insights out of survey data and open-ended responses.",
    content: `Help me interpret the results of a survey.

Survey purpose: [WHAT WE WANTED TO LEARN]
Who responded and how they were recruited: [SAMPLE DESCRIPTION AND SIZE]
Results:
[PASTE QUESTIONS, ANSWER COUNTS OR PERCENTAGES, AND OPEN-ENDED RESPONSES]

Please provide:
1. The five most important findings, each with the supporting numbers.
2. Themes in the open-ended responses, with the number of responses per theme and one representative quote each.
3. Limitations: sampling bias, leading questions, small subgroups, or anything that weakens the conclusions.
4. Findings that look interesting but are not supported strongly enough to act on.
5. Three recommended actions and one follow-up question for the next survey.

Show any calculations you make. Do not overstate conclusions: use phrases like "suggests" when the data is not conclusive.`,
    category: "analysis",
    aiModel: "chatgpt",
    difficulty: "intermediate",
    tags: ["data", "surveys", "research"],
  },
  {
    title: "Spreadsheet Data Explorer",
    description: "Get a first look at a dataset: what is in it, what looks off, and what to ask next.",
    content: `I have a spreadsheet of [WHAT THE DATA IS ABOUT]. I will paste a sample of the rows below, including the header row.

Help me explore it as a beginner:
1. Describe each column in plain language and guess its data type, such as date, category, number or text.
2. Point out possible data quality problems: missing values, inconsistent spellings, odd outliers, or dates in mixed formats.
3. Suggest five interesting questions this data could answer, from simple to more advanced.
4. For the first two questions, explain step by step how to answer them in [GOOGLE SHEETS OR EXCEL], including the exact formulas or pivot table settings.
5. Suggest one chart that would show the most useful pattern, and explain why that chart type fits.

Data sample:
[PASTE ROWS]`,
    category: "analysis",
    aiModel: "gemini",
    difficulty: "beginner",
    tags: ["spreadsheets", "data", "beginners"],
  },
  {
    title: "Root Cause Analysis With Five Whys",
    description: "Dig past the symptoms of a problem to causes you can actually fix.",
    content: `Guide me through a root cause analysis for this problem: [DESCRIBE WHAT WENT WRONG, WHEN AND WHAT THE IMPACT WAS].

Use the five whys method, but do it interactively:
1. Ask me the first "why" question and wait for my answer.
2. Based on my answer, ask the next "why". If my answer sounds like blame on a person, gently redirect toward the process, tool or condition that made the mistake possible.
3. Continue until we reach a cause that is within our control to change, which may take fewer or more than five steps.

If there seem to be multiple contributing causes, branch and explore each one briefly.

At the end, summarize the chain of causes in a simple diagram made of text, then propose corrective actions split into quick fixes and long-term fixes. For each action, suggest how we would know if it worked.`,
    category: "analysis",
    aiModel: "any",
    difficulty: "intermediate",
    tags: ["problem-solving", "root-cause", "process"],
  },
  {
    title: "Research Paper Critical Reader",
    description: "Evaluate a research paper's methods and claims like an experienced peer reviewer.",
    content: `Help me critically read a research paper. I will paste the text or key sections below. My background: [YOUR FIELD AND FAMILIARITY WITH THIS TOPIC].

Please produce:
1. Plain-language summary: the research question, method and main finding in five sentences.
2. Claims versus evidence: list each major claim and the specific result that supports it. Flag claims that go beyond what the data shows.
3. Methods check: sample size, controls, possible confounders, statistical approach and whether the study could be replicated from the description.
4. Limitations: those the authors admit and those they do not mention.
5. Context: how much should this single paper change what a reasonable person believes?
6. Three questions I could ask the authors.

Quote the paper when pointing out issues. If a section I did not paste is needed to judge something, tell me which one instead of assuming.

Paper:
[PASTE TEXT]`,
    category: "analysis",
    aiModel: "claude",
    difficulty: "advanced",
    tags: ["research", "science", "critical-reading"],
  },
  {
    title: "Decision Matrix for a Tough Choice",
    description: "Structure a personal or work decision so you can compare options clearly.",
    content: `I need to make a decision: [DESCRIBE THE DECISION]. My options are: [LIST OPTIONS].

Help me think it through:
1. Ask me what matters most in this decision, then suggest any important criteria I may have missed, such as cost, time, risk, personal values or reversibility.
2. Once I confirm the criteria, ask me to weight each one from 1 to 5.
3. Build a decision matrix table scoring each option against each criterion, using the information I give you. Show the weighted totals.
4. Point out where the scores are uncertain and how a different score would change the result.
5. Ask me one question that tests my gut feeling, such as which option I would be disappointed to lose if a coin flip chose for me.

Do not make the decision for me. Help me see the trade-offs clearly.`,
    category: "analysis",
    aiModel: "any",
    difficulty: "beginner",
    tags: ["decision-making", "planning", "life"],
  },

  // Education
  {
    title: "Socratic Tutor",
    description: "Learn any topic through guided questions instead of ready-made answers.",
    content: `Be my Socratic tutor for [TOPIC OR PROBLEM]. My current level: [E.G. HIGH SCHOOL, FIRST-YEAR UNIVERSITY, SELF-TAUGHT BEGINNER].

Rules:
- Never give me the final answer directly unless I ask three times.
- Ask one question at a time and wait for my reply.
- Start by asking what I already know, so you can build on it.
- When I am wrong, do not say so outright. Ask a question that helps me notice the mistake myself.
- When I am right, ask me to explain why, in my own words.
- If I am stuck for two turns, give a small hint or a simpler related example.

At the end of the session, summarize what I learned, the misconceptions I had, and one practice problem to try on my own.

The first thing I want to understand is: [SPECIFIC QUESTION]`,
    category: "education",
    aiModel: "any",
    difficulty: "beginner",
    tags: ["tutoring", "socratic-method", "learning"],
  },
  {
    title: "Explain It at Three Levels",
    description: "See a concept explained for a child, a student and an expert to find your level.",
    content: `Explain [CONCEPT] at three levels of depth.

Level 1, for a curious ten-year-old: use an everyday analogy, no jargon, at most 80 words.

Level 2, for a high school or early university student: introduce the correct terms, explain how it works, and give one real-world example, at most 150 words.

Level 3, for someone with a background in [RELATED FIELD]: include the precise definition, key nuances, common misconceptions and where the simple analogy from Level 1 breaks down.

After the three explanations, give me three quick questions to check which level I actually understand, with answers hidden at the end under a heading called "Answers". Finally, suggest what I should learn next if I want to go deeper into this concept.`,
    category: "education",
    aiModel: "chatgpt",
    difficulty: "beginner",
    tags: ["explanation", "concepts", "learning"],
  },
  {
    title: "Lesson Plan Designer",
    description:
      "Build an engaging lesson plan with clear objectives, activities and checks for understanding.",
    content: `Create a lesson plan for teaching [TOPIC] to [GRADE LEVEL OR AUDIENCE]. Lesson length: [MINUTES]. Class size: [NUMBER]. Available resources: [E.G. PROJECTOR, LAPTOPS, NONE].

Include:
1. Two or three learning objectives written as "Students will be able to..." with measurable verbs.
2. A hook activity of five minutes or less that sparks curiosity.
3. The main activities with timings, mixing direct instruction, pair or group work, and individual practice.
4. At least two quick checks for understanding during the lesson, with what to do if many students struggle.
5. Adaptations for students who need more support and for those who finish early.
6. A short exit ticket with two questions.
7. One common misconception about this topic and how the lesson addresses it.

Keep the plan practical enough to use tomorrow, and list any materials I need to prepare.`,
    category: "education",
    aiModel: "gemini",
    difficulty: "intermediate",
    tags: ["teaching", "lesson-planning", "classroom"],
  },
  {
    title: "Practice Quiz With Explanations",
    description: "Test yourself with multiple-choice questions that explain every answer, right and wrong.",
    content: `Quiz me on [TOPIC OR CHAPTER]. I am studying for [EXAM OR GOAL] and my level is [LEVEL].

Create ten multiple-choice questions with four options each. Mix easy recall questions with harder questions that require applying the concept to a new situation. Make the wrong options plausible: base them on common mistakes, not obviously silly answers.

Ask one question at a time and wait for my answer. After each answer:
- Tell me whether I was right.
- Explain why the correct answer is correct.
- Explain why each wrong option is wrong, especially the one I picked if I missed it.

After the tenth question, give me my score, list the topics I struggled with, and generate three extra questions focused on my weakest area. If you are not certain about a fact, tell me so I can check my textbook.

Study material, if I have it: [PASTE NOTES OR LEAVE BLANK]`,
    category: "education",
    aiModel: "claude",
    difficulty: "beginner",
    tags: ["quiz", "exam-prep", "studying"],
  },
  {
    title: "Spaced Repetition Flashcard Maker",
    description: "Turn notes into well-designed flashcards ready to import into a flashcard app.",
    content: `Turn my study notes into flashcards for spaced repetition practice.

Subject: [SUBJECT]
Notes:
[PASTE NOTES]

Follow these principles:
- One fact or idea per card. Split complex ideas into several small cards.
- Questions should require recall, not recognition. Avoid yes or no questions.
- Include "why" and "how" cards, not only definitions.
- For lists, create one card per item with context, instead of one card asking for the whole list.
- Add a cloze deletion card for key terms where it helps.
- Keep answers short: ideally under 15 words.

Output the cards as two columns separated by a tab, with the question first and the answer second, so I can import them into [FLASHCARD APP]. After the cards, list any parts of my notes that were unclear or possibly incorrect, so I can check them before studying.`,
    category: "education",
    aiModel: "any",
    difficulty: "intermediate",
    tags: ["flashcards", "memory", "studying"],
  },
  {
    title: "Rubric Builder for Teachers",
    description: "Design a clear, fair grading rubric that students can actually use to improve.",
    content: `Design a grading rubric for this assignment: [DESCRIBE THE ASSIGNMENT AND ITS LEARNING GOALS]. Students: [GRADE LEVEL OR COURSE]. Total points: [POINTS].

Requirements:
1. Four to six criteria that match the learning goals directly. Avoid criteria that reward effort or neatness unless they are a stated goal.
2. Four performance levels per criterion: exemplary, proficient, developing and beginning.
3. Each cell should describe observable qualities of the work, not vague words like "good" or "excellent".
4. Suggested point weights with a short justification.
5. A student-friendly version of the rubric written as "I can..." statements.

Then review your own rubric: identify any criteria that overlap, cells where two levels are hard to tell apart, and language that could be unclear for English language learners. Revise accordingly and present the final version as a table.`,
    category: "education",
    aiModel: "chatgpt",
    difficulty: "advanced",
    tags: ["assessment", "teaching", "grading"],
  },
];
