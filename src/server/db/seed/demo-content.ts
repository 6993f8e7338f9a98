// Demo members and feed posts used to seed a fresh AI Agora instance.
// Pure data: every username referenced below must exist in demoMembers.

export type Generation = "genz" | "millennial" | "genx" | "boomer";

export interface DemoMember {
  username: string;
  generation: Generation;
  bio: string;
  favoriteModels: string[];
}

export interface DemoPost {
  author: string;
  content: string;
  aiModel?: string;
  rating?: number;
  hoursAgo: number;
  isAnonymous?: boolean;
  likedBy: string[];
  comments: { author: string; content: string }[];
}

export const demoMembers: DemoMember[] = [
  {
    username: "maya_codes",
    generation: "genz",
    bio: "CS sophomore. I use AI to debug, to decode research papers, and occasionally to explain my own code back to me.",
    favoriteModels: ["claude", "chatgpt", "copilot"],
  },
  {
    username: "jaylen_draws",
    generation: "genz",
    bio: "Illustration student and comic artist. Curious about AI tools, protective of human craft. Mostly here to argue kindly.",
    favoriteModels: ["stable-diffusion", "midjourney"],
  },
  {
    username: "zoe_writes",
    generation: "genz",
    bio: "Barista by day, novelist by night. Two drafts in, zero published. I use AI as a brainstorming partner, never a ghostwriter.",
    favoriteModels: ["claude", "gemini"],
  },
  {
    username: "nurse_dana",
    generation: "millennial",
    bio: "ICU nurse, night shift. Interested in how AI can cut paperwork without cutting corners. Privacy first, always.",
    favoriteModels: ["claude", "chatgpt", "perplexity"],
  },
  {
    username: "tom_builds",
    generation: "millennial",
    bio: "Second-time founder building customer support tooling. Ships fast, reads the logs, tries every new model on launch day.",
    favoriteModels: ["claude", "chatgpt", "gemini", "mistral"],
  },
  {
    username: "lena_designs",
    generation: "millennial",
    bio: "UX designer at an agency. I use generative tools for moodboards and research synthesis, and I care a lot about accessibility.",
    favoriteModels: ["midjourney", "chatgpt", "dall-e"],
  },
  {
    username: "mr_okafor",
    generation: "genx",
    bio: "High school history teacher for 22 years. Teaching teenagers to question sources, including the ones that talk back.",
    favoriteModels: ["chatgpt", "gemini"],
  },
  {
    username: "rachel_pm",
    generation: "genx",
    bio: "Project manager in logistics. Meetings, status reports, and a growing spreadsheet of prompts that actually work.",
    favoriteModels: ["chatgpt", "copilot", "claude"],
  },
  {
    username: "dave_devops",
    generation: "genx",
    bio: "Infrastructure engineer. Runs local models in the homelab, reads every generated shell script twice.",
    favoriteModels: ["llama", "mistral", "perplexity", "copilot"],
  },
  {
    username: "frank_retired",
    generation: "boomer",
    bio: "Retired electrical engineer, 40 years in power systems. Now tinkering with local models and teaching the grandkids to ask why.",
    favoriteModels: ["llama", "chatgpt"],
  },
  {
    username: "grandma_judy",
    generation: "boomer",
    bio: "Retired librarian, volunteer tech helper for seniors, and a knitter. I believe everyone deserves to understand these tools.",
    favoriteModels: ["gemini", "chatgpt"],
  },
  {
    username: "walt_photog",
    generation: "boomer",
    bio: "Retired dentist, lifelong photographer. Restoring decades of family slides and learning what AI can and cannot fix.",
    favoriteModels: ["midjourney", "dall-e", "gemini"],
  },
];

export const demoPosts: DemoPost[] = [
  {
    author: "maya_codes",
    content:
      "Asked Claude to explain recursion using my actual homework code instead of the usual factorial example and it finally clicked. Three weeks of confusion gone in one evening. #Claude #Coding #Education",
    aiModel: "claude",
    rating: 5,
    hoursAgo: 2,
    likedBy: ["zoe_writes", "mr_okafor", "tom_builds", "frank_retired"],
    comments: [
      {
        author: "mr_okafor",
        content:
          "This is exactly why examples tied to your own work matter. Same thing happens in my classroom.",
      },
      {
        author: "frank_retired",
        content:
          "Next step: ask it to trace the call stack on paper with you. That is how recursion really sticks.",
      },
    ],
  },
  {
    author: "nurse_dana",
    content:
      "Night shift tip: I use ChatGPT to turn my messy handoff notes into a clean SBAR structure. No patient identifiers, ever. Saves me about ten minutes a shift, and I still double check every line. #ChatGPT #Productivity",
    hoursAgo: 5,
    likedBy: ["rachel_pm", "grandma_judy", "tom_builds"],
    comments: [
      {
        author: "rachel_pm",
        content: "Love that you spelled out the no identifiers rule. Would you share the prompt template?",
      },
    ],
  },
  {
    author: "frank_retired",
    content:
      "Got Llama running locally on my old workstation with 32 GB of RAM. Slow, about four words a second, but it is mine and nothing leaves the house. Reminds me of compiling kernels in the nineties. #Llama #OpenSource",
    aiModel: "llama",
    rating: 4,
    hoursAgo: 9,
    likedBy: ["dave_devops", "maya_codes", "walt_photog"],
    comments: [
      {
        author: "dave_devops",
        content:
          "Try a 4-bit quantized build if you have not already. Roughly doubled my speed on similar hardware.",
      },
      {
        author: "walt_photog",
        content: "Four words a second is faster than I type, Frank. Sounds like a win to me.",
      },
    ],
  },
  {
    author: "lena_designs",
    content:
      "Midjourney moodboards are great for client kickoffs, but I now label them clearly as 'direction, not deliverable'. Last month a client thought an AI image was the final logo. #Midjourney #Design",
    hoursAgo: 14,
    likedBy: ["jaylen_draws", "walt_photog"],
    comments: [
      {
        author: "jaylen_draws",
        content:
          "Stealing that label. Clients seeing a polished image and assuming it is done is my biggest fear.",
      },
    ],
  },
  {
    author: "tom_builds",
    content:
      "We put Gemini behind our support FAQ with retrieval over our help center. Tickets down about 30 percent in two weeks. The hard part was not the model, it was cleaning up our own outdated docs. #Gemini #Startups",
    aiModel: "gemini",
    rating: 4,
    hoursAgo: 20,
    likedBy: ["rachel_pm", "dave_devops", "lena_designs", "maya_codes", "nurse_dana"],
    comments: [
      {
        author: "dave_devops",
        content:
          "Garbage docs in, confident garbage out. How are you handling questions the docs do not cover?",
      },
      {
        author: "nurse_dana",
        content:
          "Cleaning up the docs first is the lesson nobody wants to hear. Our hospital intranet needs the same.",
      },
    ],
  },
  {
    author: "zoe_writes",
    content:
      "Hot take: AI is a terrible co-writer and a fantastic rubber duck. It never writes my scenes well, but asking it why a chapter drags usually surfaces the answer in my own head. #Writing #Creativity",
    hoursAgo: 26,
    likedBy: ["jaylen_draws", "maya_codes", "grandma_judy", "mr_okafor", "lena_designs", "frank_retired"],
    comments: [
      {
        author: "maya_codes",
        content: "Rubber duck debugging but for novels. I love this.",
      },
      {
        author: "grandma_judy",
        content: "We used to call that talking it through with a patient friend. Nice to have one at 2 a.m.",
      },
    ],
  },
  {
    author: "mr_okafor",
    content:
      "Had my juniors fact-check a ChatGPT-written paragraph about the Treaty of Versailles. They found three errors, and it was the most engaged I have seen them all semester. #Education #ChatGPT",
    hoursAgo: 31,
    likedBy: [
      "grandma_judy",
      "frank_retired",
      "zoe_writes",
      "nurse_dana",
      "rachel_pm",
      "maya_codes",
      "walt_photog",
    ],
    comments: [
      {
        author: "grandma_judy",
        content: "As a former librarian, this warms my heart. Source evaluation is a lifelong skill.",
      },
      {
        author: "maya_codes",
        content: "Wish my high school had done this. We just got told AI was cheating.",
      },
      {
        author: "nurse_dana",
        content: "Doing something similar with new grads and drug interaction summaries. Works every time.",
      },
    ],
  },
  {
    author: "grandma_judy",
    content:
      "My grandson set up Gemini on my phone. I gave it my measurements and asked for a cardigan pattern, and it worked out the stitch counts correctly. I checked with a pencil anyway. Old habits. #Gemini #Knitting",
    hoursAgo: 38,
    likedBy: ["walt_photog", "frank_retired", "zoe_writes"],
    comments: [
      {
        author: "walt_photog",
        content:
          "Judy, the pencil check is the most important step. Would love to see the finished cardigan.",
      },
    ],
  },
  {
    author: "dave_devops",
    content:
      "Copilot suggested a cleanup script that would have deleted the wrong directory if I had not read it carefully. Reminder: generated shell scripts get the same review as a junior's first pull request. #Coding #DevOps",
    hoursAgo: 44,
    likedBy: ["maya_codes", "tom_builds", "frank_retired", "rachel_pm"],
    comments: [
      {
        author: "maya_codes",
        content: "Saving this. I have definitely run generated commands without reading them.",
      },
      {
        author: "frank_retired",
        content: "Same rule we had for wiring diagrams. Whoever signs it owns it, no matter who drew it.",
      },
    ],
  },
  {
    author: "jaylen_draws",
    content:
      "Spent the weekend using Stable Diffusion with a pose reference to block out panels for my comic, then drew every panel myself. Useful as a mannequin, not as an artist. #StableDiffusion #AIArt",
    aiModel: "other",
    rating: 3,
    hoursAgo: 50,
    likedBy: ["lena_designs", "zoe_writes"],
    comments: [
      {
        author: "lena_designs",
        content: "That is such a healthy way to use it. Did it speed up your layout phase much?",
      },
      {
        author: "frank_retired",
        content:
          "Reminds me of the drafting mannequins we used in school. Reference tools have always been fair game.",
      },
    ],
  },
  {
    author: "rachel_pm",
    content:
      "ChatGPT summarized a 40-minute meeting transcript nicely but invented an action item nobody agreed to. Caught it before sending. Three stars: fast, useful, not trustworthy without a read-through. #ChatGPT #Productivity",
    aiModel: "chatgpt",
    rating: 3,
    hoursAgo: 57,
    likedBy: ["nurse_dana", "tom_builds", "mr_okafor"],
    comments: [
      {
        author: "tom_builds",
        content:
          "Ask it to quote the transcript line for every action item. Hallucinated ones have nothing to quote.",
      },
    ],
  },
  {
    author: "walt_photog",
    content:
      "Used AI noise reduction on slides from the 1970s that I scanned last winter. My wife teared up seeing her mother's face clear again. Whatever your opinion on AI, moments like that matter. #Photography #AIArt",
    hoursAgo: 63,
    likedBy: ["grandma_judy", "frank_retired", "lena_designs", "nurse_dana", "jaylen_draws", "zoe_writes"],
    comments: [
      {
        author: "grandma_judy",
        content: "What a beautiful gift, Walt. Family photos are where this technology shines.",
      },
      {
        author: "jaylen_draws",
        content: "This is the kind of use I am completely here for.",
      },
    ],
  },
  {
    author: "rachel_pm",
    content:
      "Confession: I used Claude to help me write a difficult letter to my estranged brother. I rewrote most of it, but a calm first draft got me past the blank page I had been stuck on for a year. #Claude #MentalHealth",
    hoursAgo: 70,
    isAnonymous: true,
    likedBy: ["zoe_writes", "nurse_dana", "grandma_judy", "walt_photog"],
    comments: [
      {
        author: "nurse_dana",
        content:
          "Sometimes the hardest part is starting. Hope the letter brings some peace, whatever happens.",
      },
    ],
  },
  {
    author: "maya_codes",
    content:
      "Is anyone else's professor allowing AI for homework but requiring a log of every prompt? I actually like it. It makes me think about what I am asking instead of pasting in the whole assignment. #Education #Coding",
    hoursAgo: 76,
    likedBy: ["mr_okafor", "jaylen_draws"],
    comments: [
      {
        author: "mr_okafor",
        content: "Considering this for my classes next year. Did it feel like extra busywork at first?",
      },
      {
        author: "zoe_writes",
        content:
          "@mr_okafor I had that rule in one class. Annoying for a week, then genuinely useful as a study log.",
      },
    ],
  },
  {
    author: "tom_builds",
    content:
      "Claude handled our 80-page investor data room review better than I expected. It flagged an inconsistent revenue number between two documents that our whole team missed. #Claude #Startups",
    aiModel: "claude",
    rating: 5,
    hoursAgo: 83,
    likedBy: ["rachel_pm", "dave_devops", "maya_codes"],
    comments: [
      {
        author: "rachel_pm",
        content: "Long documents are where these tools earn their keep for me too.",
      },
    ],
  },
  {
    author: "frank_retired",
    content:
      "Asked three different chatbots to size a resistor for an LED circuit. Two got it right, one confidently forgot the forward voltage. Trust, but verify with Ohm's law. #Electronics #Engineering",
    hoursAgo: 90,
    likedBy: ["dave_devops", "walt_photog", "mr_okafor", "maya_codes"],
    comments: [
      {
        author: "dave_devops",
        content: "Confidently wrong is the most dangerous kind of wrong. Which one missed it?",
      },
    ],
  },
  {
    author: "lena_designs",
    content:
      "Accessibility win: I ask ChatGPT to critique my color palettes for contrast problems and to flag pairs that are hard to tell apart with red-green color blindness. It misses some, but it catches things I overlook. #Design #Accessibility",
    hoursAgo: 98,
    likedBy: ["jaylen_draws", "grandma_judy", "tom_builds"],
    comments: [
      {
        author: "jaylen_draws",
        content:
          "Do you still run a proper contrast checker afterwards? I would not trust the model on exact ratios.",
      },
      {
        author: "dave_devops",
        content:
          "@jaylen_draws Agreed. Models are bad at exact numbers. Model for the first pass, checker for the final call.",
      },
    ],
  },
  {
    author: "mr_okafor",
    content:
      "Tried Gemini for generating a quiz from a primary source document. Half the questions asked about things that were not in the document at all. Two stars, I went back to writing them by hand. #Gemini #Education",
    aiModel: "gemini",
    rating: 2,
    hoursAgo: 105,
    likedBy: ["grandma_judy", "rachel_pm"],
    comments: [
      {
        author: "zoe_writes",
        content: "Did you tell it to only use the document? That helped me a lot with reading questions.",
      },
      {
        author: "grandma_judy",
        content:
          "@zoe_writes Good tip. Pasting the text instead of uploading a scan also helps, in my experience.",
      },
    ],
  },
  {
    author: "zoe_writes",
    content:
      "Claude is the best line editor I have tried. It points out repeated words and rhythm problems without rewriting my voice, as long as I tell it not to. Four stars because it is too polite about weak chapters. #Claude #Writing",
    aiModel: "claude",
    rating: 4,
    hoursAgo: 112,
    likedBy: ["jaylen_draws", "grandma_judy", "lena_designs"],
    comments: [
      {
        author: "grandma_judy",
        content:
          "Try asking it to review like a tough editor at a publishing house. It gets much more honest.",
      },
    ],
  },
  {
    author: "dave_devops",
    content:
      "Tested Llama as an on-prem log summarizer. Good at spotting patterns in web server logs, bad at reasoning about timestamps across time zones. Three stars, promising for air-gapped setups. #Llama #DevOps",
    aiModel: "llama",
    rating: 3,
    hoursAgo: 120,
    likedBy: ["frank_retired", "tom_builds"],
    comments: [
      {
        author: "frank_retired",
        content: "Normalize everything to UTC before it ever sees the logs. Saved me plenty of headaches.",
      },
    ],
  },
  {
    author: "grandma_judy",
    content:
      "The library where I volunteer started an 'Ask AI with a Librarian' hour for seniors. Twelve people came the first week. Most of them wanted to know how to tell whether a photo is fake. #Education #Community",
    hoursAgo: 128,
    likedBy: [
      "mr_okafor",
      "walt_photog",
      "nurse_dana",
      "frank_retired",
      "zoe_writes",
      "lena_designs",
      "maya_codes",
      "tom_builds",
    ],
    comments: [
      {
        author: "walt_photog",
        content: "Sign me up. I would even bring examples of old darkroom fakes for comparison.",
      },
      {
        author: "mr_okafor",
        content:
          "This is wonderful. Would you share the outline? I would love to adapt it for parents' night.",
      },
    ],
  },
  {
    author: "jaylen_draws",
    content:
      "Genuine question for the artists here: do you disclose when you use AI for reference only? I do, and a client asked for a discount because of it. Not sure how I feel. #AIArt #Ethics",
    hoursAgo: 136,
    likedBy: ["lena_designs", "zoe_writes", "walt_photog"],
    comments: [
      {
        author: "lena_designs",
        content: "Disclose, but price on the value of the final work. Nobody discounts for using a lightbox.",
      },
      {
        author: "tom_builds",
        content: "From the client side, disclosure builds trust. The discount ask is a negotiation tactic.",
      },
    ],
  },
  {
    author: "rachel_pm",
    content:
      "My team built a shared prompt library in a spreadsheet. Best one so far turns a rambling stakeholder email into three bullet points and one clear question to answer. #PromptEngineering #Productivity",
    hoursAgo: 144,
    likedBy: ["nurse_dana", "tom_builds", "dave_devops", "lena_designs"],
    comments: [
      {
        author: "lena_designs",
        content: "Please post it in the prompt library here. I need this for client emails.",
      },
    ],
  },
  {
    author: "walt_photog",
    content:
      "Tried Midjourney to imagine my old dental office as a watercolor. Lovely colors, but it gave the dental chair six armrests. Three stars for charm. #Midjourney #AIArt",
    aiModel: "midjourney",
    rating: 3,
    hoursAgo: 151,
    likedBy: ["grandma_judy", "lena_designs", "frank_retired"],
    comments: [
      {
        author: "frank_retired",
        content: "Six armrests sounds like an upgrade for nervous patients.",
      },
      {
        author: "jaylen_draws",
        content:
          "Ask for fewer details in the prompt. It tends to invent more when you describe too many objects.",
      },
    ],
  },
  {
    author: "nurse_dana",
    content:
      "PSA for healthcare folks: never paste patient details into a public chatbot. Use it for general explanations, care plan templates, or studying for certifications, and follow your hospital's policy. #Healthcare #Ethics",
    hoursAgo: 160,
    likedBy: ["mr_okafor", "grandma_judy", "rachel_pm", "frank_retired", "tom_builds"],
    comments: [
      {
        author: "tom_builds",
        content:
          "Same applies to customer data in startups. People forget the chat box is someone else's server.",
      },
    ],
  },
  {
    author: "maya_codes",
    content:
      "ChatGPT walked me through setting up Git branches for a group project without making me feel silly for asking the same question four times. Four stars, because it suggested an outdated command once. #ChatGPT #Coding",
    aiModel: "chatgpt",
    rating: 4,
    hoursAgo: 168,
    likedBy: ["dave_devops", "zoe_writes"],
    comments: [
      {
        author: "dave_devops",
        content:
          "Patience is underrated in a teacher, human or not. Welcome to the wonderful world of merge conflicts.",
      },
    ],
  },
  {
    author: "frank_retired",
    content:
      "Forty years of engineering taught me that every tool has a failure mode. The trick with language models is learning theirs. Mine so far: units, dates, and anything after their training cutoff. #Engineering #AI",
    hoursAgo: 176,
    likedBy: ["dave_devops", "nurse_dana", "mr_okafor", "maya_codes", "walt_photog", "rachel_pm"],
    comments: [
      {
        author: "nurse_dana",
        content: "Adding dosage conversions to that list. Always recheck the math yourself.",
      },
      {
        author: "mr_okafor",
        content: "And historical dates. It once moved the fall of Constantinople by a century for me.",
      },
    ],
  },
  {
    author: "jaylen_draws",
    content:
      "I am a little scared about what AI means for junior illustration jobs. I use it, I see the value, and I still lie awake about it sometimes. Anyone else feel both things at once? #AIArt #Careers",
    hoursAgo: 185,
    isAnonymous: true,
    likedBy: ["lena_designs", "zoe_writes", "maya_codes", "walt_photog"],
    comments: [
      {
        author: "lena_designs",
        content:
          "Every week. What helps me is focusing on the parts clients still need a person for: taste and judgment.",
      },
      {
        author: "zoe_writes",
        content: "Same feeling in writing. You are not alone in holding both.",
      },
    ],
  },
  {
    author: "tom_builds",
    content:
      "Pitched investors last week and not one asked about our product. Every question was some version of 'what happens when the big labs build this?' The answer is distribution and data, but it is tiring. #Startups #AI",
    hoursAgo: 193,
    likedBy: ["rachel_pm"],
    comments: [
      {
        author: "rachel_pm",
        content:
          "In logistics we heard the same thing about spreadsheets replacing us in the 90s. Customers stay for service.",
      },
    ],
  },
  {
    author: "lena_designs",
    content:
      "Wrote a prompt that makes the model role-play a confused first-time user of my prototype. It found two navigation dead ends before our real usability test did. Real users still found five more. #UX #PromptEngineering",
    hoursAgo: 201,
    likedBy: ["tom_builds", "rachel_pm", "maya_codes"],
    comments: [
      {
        author: "tom_builds",
        content:
          "Love that you included the last sentence. Synthetic users are a warm-up, not a replacement.",
      },
    ],
  },
  {
    author: "dave_devops",
    content:
      "Perplexity has replaced about half of my searches for obscure error messages. The citations mean I can jump straight to the actual bug report instead of trusting a summary. #Perplexity #DevOps",
    aiModel: "other",
    rating: 4,
    hoursAgo: 210,
    likedBy: ["maya_codes", "nurse_dana", "frank_retired"],
    comments: [
      {
        author: "maya_codes",
        content: "Same for me with stack traces. The sources are the whole point.",
      },
    ],
  },
  {
    author: "mr_okafor",
    content:
      "Students asked if I use AI to grade. No, but I use it to draft rubric language and then rewrite it. They appreciated the honesty, and we ended up having a great discussion about trust. #Education #Ethics",
    hoursAgo: 220,
    likedBy: ["grandma_judy", "maya_codes", "zoe_writes", "nurse_dana"],
    comments: [],
  },
  {
    author: "grandma_judy",
    content:
      "ChatGPT helped me put together a eulogy for my dear friend Margaret. I gave it the stories and it helped me arrange them. Everyone said it sounded just like me, because the words were mine. #ChatGPT #Writing",
    hoursAgo: 230,
    likedBy: ["walt_photog", "zoe_writes", "nurse_dana", "frank_retired", "rachel_pm", "mr_okafor"],
    comments: [
      {
        author: "zoe_writes",
        content: "That is such a gentle way to use it. I am sorry about your friend, Judy.",
      },
      {
        author: "walt_photog",
        content: "Margaret was lucky to have you. Arranging memories is hard work when you are grieving.",
      },
    ],
  },
  {
    author: "zoe_writes",
    content:
      "Tried the prompt where you ask the AI to interview you about your character instead of writing anything. Forty questions later I know my antagonist better than my protagonist. #Writing #PromptEngineering",
    hoursAgo: 240,
    likedBy: ["jaylen_draws", "lena_designs", "grandma_judy"],
    comments: [
      {
        author: "jaylen_draws",
        content: "Doing this for my comic villain tonight.",
      },
    ],
  },
  {
    author: "walt_photog",
    content:
      "Question for the group: which AI tool works best for restoring scratched black-and-white prints? I have a shoebox of family photos from the 1950s and plenty of patience. #Photography #AIArt",
    hoursAgo: 250,
    likedBy: ["grandma_judy"],
    comments: [
      {
        author: "lena_designs",
        content:
          "Scan at high resolution first, then try a dedicated restoration tool before any general image model.",
      },
      {
        author: "jaylen_draws",
        content:
          "Keep the original scans untouched in a separate folder. You will want them when the tools improve.",
      },
    ],
  },
  {
    author: "jaylen_draws",
    content:
      "Midjourney for character turnarounds: two stars. It makes gorgeous single images, but the character's face changes at every angle. Back to my sketchbook for model sheets. #Midjourney #AIArt",
    aiModel: "midjourney",
    rating: 2,
    hoursAgo: 262,
    likedBy: ["lena_designs", "walt_photog"],
    comments: [
      {
        author: "lena_designs",
        content: "Character consistency is still the weak spot for everyone I know in design.",
      },
    ],
  },
  {
    author: "rachel_pm",
    content:
      "Ran an experiment: same project brief to ChatGPT, Claude and Gemini. All three plans were fine. The real difference was in the follow-up questions they asked me, and that is where the value was. #Productivity #AI",
    hoursAgo: 275,
    likedBy: ["tom_builds", "nurse_dana", "dave_devops", "mr_okafor", "lena_designs"],
    comments: [
      {
        author: "tom_builds",
        content: "Which one asked the best questions? Curious if it matches my experience.",
      },
      {
        author: "lena_designs",
        content:
          "@tom_builds In my own tests it varied by task. Asking for questions before any plan helped all three.",
      },
    ],
  },
  {
    author: "nurse_dana",
    content:
      "Used Claude to quiz me for my critical care certification. It explained why each wrong answer was wrong, which the practice books never do. I cross-checked everything against my textbook. #Claude #Healthcare",
    aiModel: "claude",
    rating: 4,
    hoursAgo: 290,
    likedBy: ["maya_codes", "mr_okafor", "grandma_judy"],
    comments: [
      {
        author: "maya_codes",
        content: "Same trick works for exams in my algorithms class. Good luck on the certification!",
      },
    ],
  },
  {
    author: "frank_retired",
    content:
      "Taught my 9-year-old granddaughter to ask the AI 'how do you know that?' after every answer. She now asks me the same question at dinner. Fair enough. #Education #AILiteracy",
    hoursAgo: 310,
    likedBy: ["grandma_judy", "mr_okafor", "walt_photog", "zoe_writes", "nurse_dana"],
    comments: [
      {
        author: "grandma_judy",
        content: "Best question anyone can learn. Librarians have been asking it for centuries.",
      },
    ],
  },
  {
    author: "maya_codes",
    content:
      "First post here! CS sophomore, mostly using AI to debug and to explain papers I do not understand yet. Looking forward to learning from people who remember computers before the internet. #Introductions #Coding",
    hoursAgo: 330,
    likedBy: ["frank_retired", "grandma_judy", "dave_devops"],
    comments: [
      {
        author: "frank_retired",
        content: "Welcome! I remember punch cards. Ask me anything, but expect long answers.",
      },
      {
        author: "dave_devops",
        content: "Welcome aboard. Your first lesson: always read the error message twice.",
      },
    ],
  },
];
