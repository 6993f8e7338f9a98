// Starter forums with a few seeded discussion threads so a new community does not look empty.
// Authors are demo usernames defined in src/server/db/seed/demo-content.ts.

export type ForumModel =
  | "chatgpt"
  | "claude"
  | "gemini"
  | "llama"
  | "midjourney"
  | "stable-diffusion"
  | "general";

export interface StarterForum {
  name: string;
  description: string;
  aiModel: ForumModel;
  threads: {
    title: string;
    body: string;
    author: string;
    replies: { body: string; author: string }[];
  }[];
}

export const starterForums: StarterForum[] = [
  {
    name: "ChatGPT & GPT Models",
    description:
      "Everything about ChatGPT and OpenAI's GPT models: everyday tips, custom instructions, plugins and tools, and honest reports of what works and what does not.",
    aiModel: "chatgpt",
    threads: [
      {
        title: "What do you put in your custom instructions?",
        author: "rachel_pm",
        body: "I finally filled in the custom instructions field after ignoring it for months, and the difference is bigger than I expected. Mine say I am a project manager in logistics, I prefer bullet points over paragraphs, and I want it to ask one clarifying question before writing anything longer than a page. The clarifying question part alone cut my back-and-forth in half. Curious what everyone else has in theirs, especially anything that stopped the overly cheerful tone.",
        replies: [
          {
            author: "dave_devops",
            body: "Mine is blunt: assume I am an experienced Linux admin, skip the safety lecture on every command, but always mention if something is destructive or irreversible. It still adds the occasional warning, but at least the warnings now mean something.",
          },
          {
            author: "mr_okafor",
            body: "I tell it I teach high school history and that any factual claim about a date, name or number should be marked so I can verify it. It does not catch everything, but it makes me slow down and check the highlighted parts before they reach a worksheet.",
          },
          {
            author: "nurse_dana",
            body: "@rachel_pm For the tone, I added 'no enthusiasm, no compliments, no closing summary'. It took a couple of conversations to settle in, but the replies are shorter now and I do not have to scroll past 'Great question!' at four in the morning.",
          },
        ],
      },
      {
        title: "Voice mode for practicing a language: worth it?",
        author: "zoe_writes",
        body: "I am trying to get my Spanish back to where it was before college, and I have been using voice mode on my commute for about three weeks. I ask it to play a shopkeeper in Madrid and to correct me only after I finish a sentence. It is surprisingly patient, and it helped with confidence more than any app I have tried. The downside is that it sometimes slips into English when I struggle. Has anyone found a way to keep it strictly in the target language?",
        replies: [
          {
            author: "maya_codes",
            body: "Tell it at the start that switching to English counts as a mistake on its side, and that it should rephrase in simpler Spanish instead. That worked for my Korean practice, although it still cheats occasionally when I go completely silent.",
          },
          {
            author: "grandma_judy",
            body: "I have been practicing Italian for a trip next spring. I ask it to speak slowly and repeat any word I ask about twice. It is the first time I have enjoyed conversation practice since my night class in 1989.",
          },
        ],
      },
      {
        title: "It invented a citation in my literature review",
        author: "maya_codes",
        body: "Cautionary tale. I asked ChatGPT for five papers on graph neural networks for traffic prediction. Four were real. The fifth had a plausible title, real-sounding authors and a conference year, and it did not exist anywhere. I only noticed because the link to the PDF went nowhere. I know this is a known issue, but seeing it happen in a draft I almost submitted was a wake-up call. How do you all handle citations now?",
        replies: [
          {
            author: "frank_retired",
            body: "Same rule I used for datasheets: never cite anything you have not opened yourself. Use the model to suggest search terms, then find the papers in a proper index and read at least the abstract.",
          },
          {
            author: "dave_devops",
            body: "Search-grounded tools are much better here because every claim comes with a link you can click. Still worth checking that the paper actually says what the summary claims, though.",
          },
          {
            author: "mr_okafor",
            body: "@maya_codes Thank you for sharing this. I am going to use your story, anonymized, in my research skills unit. Students listen to a fellow student much more than they listen to me.",
          },
        ],
      },
    ],
  },
  {
    name: "Claude",
    description:
      "Discussion of Anthropic's Claude models: long documents, writing and editing, coding help, projects, and comparing Claude with other assistants.",
    aiModel: "claude",
    threads: [
      {
        title: "Using Claude for long documents: my workflow",
        author: "tom_builds",
        body: "We review a lot of long contracts and vendor agreements, and Claude has become my first pass. My workflow: upload the full document, ask for a table of every obligation with the clause number, then ask separately for anything unusual compared to a standard agreement of that type. The clause numbers are the key, because I can verify each row in seconds. It is not legal advice and our lawyer still reads everything, but her bill has gone down because I arrive with better questions.",
        replies: [
          {
            author: "rachel_pm",
            body: "The clause number trick is great. I do the same with requests for proposals: every requirement in a table with the page it came from. Anything without a page number gets deleted from the table immediately.",
          },
          {
            author: "nurse_dana",
            body: "Similar approach for new hospital policies. I ask it what changed compared to the old version and to quote the exact sentences. Saves me reading forty pages at the end of a twelve-hour shift.",
          },
          {
            author: "dave_devops",
            body: "@tom_builds Do you ever hit problems with scanned PDFs? Mine sometimes come through with garbled tables, and the summary quietly skips those sections without saying so.",
          },
          {
            author: "tom_builds",
            body: "@dave_devops Yes, scanned tables are the weak spot. I run OCR first and ask it to list any pages it could not read properly. Asking for that explicitly makes it much more honest about gaps.",
          },
        ],
      },
      {
        title: "Editing fiction without losing my voice",
        author: "zoe_writes",
        body: "For anyone writing fiction: my most useful discovery is telling Claude that it is a line editor, not a co-author. It may point out problems and explain why, but it may not suggest replacement sentences unless I ask. Before I added that rule, every edit drifted toward the same polished, slightly generic style. Now I get notes like 'this paragraph repeats the word quiet three times' and I fix it myself. My chapters still sound like me, just tidier.",
        replies: [
          {
            author: "grandma_judy",
            body: "I do this with my memoir pieces for the grandchildren. I also ask it to point out places where a reader born after 1990 might not understand a reference. That one surprised me with how many it found.",
          },
          {
            author: "jaylen_draws",
            body: "This is basically how I wish all AI tools behaved for creative work. Point out the problem, let the human solve it. Going to try the same idea for critiquing my comic scripts.",
          },
          {
            author: "lena_designs",
            body: "@zoe_writes I use the same boundary for UX copy reviews. Explain the problem, do not rewrite. Clients trust the copy more when it still sounds like their brand instead of the model.",
          },
        ],
      },
    ],
  },
  {
    name: "Gemini",
    description:
      "Google's Gemini models and assistant: everyday use on phones, working with Google apps, images and documents, and how it compares with other models.",
    aiModel: "gemini",
    threads: [
      {
        title: "Gemini on Android for someone who is not techy",
        author: "grandma_judy",
        body: "My grandson put Gemini on my phone at Christmas, and I want to share what has been useful for someone my age. I photograph the label on a medicine bottle and ask it to explain the instructions in plain words. I ask it to draft polite emails to the building manager. I use it to identify plants in the garden. I always check anything medical with my pharmacist. What features have other beginners found helpful, and which ones should I avoid?",
        replies: [
          {
            author: "walt_photog",
            body: "Judy, try asking it about photos you already have. I pointed it at a picture of an old camera from my father's collection and it identified the model and roughly when it was made. Checked it against a collector's catalog and it was right.",
          },
          {
            author: "nurse_dana",
            body: "Good call on checking medical answers with your pharmacist. The plain-language explanations are great, but dosing questions should always go to a person who can see your full medication list.",
          },
          {
            author: "mr_okafor",
            body: "@grandma_judy I would avoid trusting it for anything time-sensitive like store hours or bus schedules without checking the actual website. It has sent me to a closed library branch twice.",
          },
        ],
      },
      {
        title: "Gemini in Google Docs and Sheets: real productivity or gimmick?",
        author: "rachel_pm",
        body: "Our company switched on Gemini in Workspace last month. My honest review after four weeks: the Docs summaries of long email threads are genuinely helpful, and the Sheets formula help saved me from a nested lookup I would have spent an hour on. The slide generation is a gimmick, everything looks like a generic template. Curious whether other teams found the same split, and whether anyone has a workflow where the meeting notes feature actually stuck.",
        replies: [
          {
            author: "tom_builds",
            body: "Meeting notes stuck for us only after we agreed that the meeting owner reviews and edits the notes within an hour. Unreviewed notes piled up and nobody trusted them after the first wrong action item.",
          },
          {
            author: "lena_designs",
            body: "Agree on slides. I use it to draft speaker notes instead and design the slides myself. The formula help is the hidden gem, I have stopped searching forums for spreadsheet syntax.",
          },
        ],
      },
    ],
  },
  {
    name: "Llama & Open-Weight Models",
    description:
      "Running Llama, Mistral and other open-weight models on your own hardware: setup, quantization, fine-tuning, privacy, and homelab stories.",
    aiModel: "llama",
    threads: [
      {
        title: "Best setup for running models on an old desktop?",
        author: "frank_retired",
        body: "I have a six-year-old desktop with 32 GB of RAM and a modest graphics card with 8 GB of memory. I have been running a small Llama model through a local runner and it works, but slowly. Before I spend money, I would like to know what the community thinks gives the biggest improvement: more system memory, a better graphics card, or simply a smaller quantized model. My use is mostly asking questions about electronics and summarizing long manuals.",
        replies: [
          {
            author: "dave_devops",
            body: "Graphics card memory is the biggest lever. If the whole model fits in VRAM, speed jumps dramatically. With 8 GB, a 7 or 8 billion parameter model at 4-bit quantization should fit comfortably. Try that before buying anything.",
          },
          {
            author: "tom_builds",
            body: "For summarizing manuals you may not need a bigger model at all. We tested small models for document summaries at work and the quality gap was smaller than expected for that particular task.",
          },
          {
            author: "frank_retired",
            body: "@dave_devops Switched to a 4-bit 8B model last night and it went from painful to pleasant. About fifteen words a second now. Thank you, that just saved me a few hundred dollars.",
          },
        ],
      },
      {
        title: "Why I keep a local model for private documents",
        author: "dave_devops",
        body: "Hosted models are better at most things, and I use them daily. But I keep a local Mistral model for anything involving internal infrastructure docs, incident reports and config files with hostnames. Company policy is strict about what leaves our network, and a local model means I never have to think about it. Quality is fine for summarizing and search, weaker for complex reasoning. Anyone else running a split setup like this? How do you decide which tasks go where?",
        replies: [
          {
            author: "nurse_dana",
            body: "This is the setup I wish hospitals had by default. Anything that touches patient data should never leave the building, and a decent local model for summarizing policies would be a huge help to staff.",
          },
          {
            author: "maya_codes",
            body: "I run a small local model on my laptop for coursework that includes other students' code in group projects. Feels wrong to paste their work into a cloud service without asking them first.",
          },
          {
            author: "frank_retired",
            body: "@dave_devops My rule is simple: if I would not read it aloud on a crowded train, it goes to the local model. Everything else can go to whichever hosted model is best for the job.",
          },
        ],
      },
    ],
  },
  {
    name: "Midjourney",
    description:
      "Share Midjourney techniques, style references, parameters and finished work, and talk about using AI imagery responsibly in real projects.",
    aiModel: "midjourney",
    threads: [
      {
        title: "Keeping a consistent character across images",
        author: "jaylen_draws",
        body: "I am testing Midjourney for pitch visuals for a graphic novel, and character consistency is killing me. The same prompt gives a slightly different face every time: jawline changes, eye color drifts, the scar moves sides. Character references help, but only for front-facing shots. For the final book I draw everything myself, but for a pitch deck I need six consistent images. What techniques have worked for you?",
        replies: [
          {
            author: "lena_designs",
            body: "Generate one strong hero image, then use it as a character reference with a lower stylization value. Keep the rest of the prompt short. The more scene detail you add, the more the face drifts.",
          },
          {
            author: "walt_photog",
            body: "Not an artist, but from photography: keep the lighting description identical across prompts. Changing light changes how faces read, even in real portraits of the same person.",
          },
          {
            author: "jaylen_draws",
            body: "@lena_designs The shorter prompt advice made a real difference. Four of six images are now usable. I will paint over the other two and be upfront about it in the pitch.",
          },
        ],
      },
      {
        title: "Client work: how do you present AI moodboards?",
        author: "lena_designs",
        body: "I use Midjourney at the start of branding projects to explore visual directions quickly. Last month a client fell in love with one image and asked why we could not just use it as the final logo. I had to explain usage rights, consistency and why a logo needs to work at favicon size. Now every moodboard slide says 'direction, not deliverable' in the corner. How do others set expectations with clients?",
        replies: [
          {
            author: "tom_builds",
            body: "As a client, I appreciated when our agency showed the moodboard next to a rough sketch by the designer. It made it obvious that the AI image was a mood and the sketch was the actual plan.",
          },
          {
            author: "jaylen_draws",
            body: "I put the prompt under each image on the slide. Clients see that it was a few words typed in a box and value the crafted version more. Oddly, transparency seems to raise my perceived value.",
          },
        ],
      },
    ],
  },
  {
    name: "Stable Diffusion",
    description:
      "Open image generation with Stable Diffusion: local installs, ControlNet, LoRAs, inpainting, photo restoration and workflow tips.",
    aiModel: "stable-diffusion",
    threads: [
      {
        title: "Inpainting for restoring damaged family photos",
        author: "walt_photog",
        body: "I have been scanning family prints from the 1950s and 60s. Some have scratches and water damage across faces. I tried inpainting with Stable Diffusion and the results are mixed: backgrounds and clothing come out beautifully, but faces sometimes turn into a different person entirely. For family photos, that defeats the purpose. Is there a way to repair damage without the model inventing new features?",
        replies: [
          {
            author: "jaylen_draws",
            body: "Use a very low denoising strength, around 0.2 to 0.3, and mask only the scratch itself rather than the whole face. Do several small passes. The model should fill in texture, not redraw the face.",
          },
          {
            author: "lena_designs",
            body: "For faces, I do the repair manually with a healing brush and only let AI handle large background areas. It is slower, but I would never forgive myself for changing my grandmother's smile.",
          },
          {
            author: "walt_photog",
            body: "@jaylen_draws Low denoising with tiny masks worked. My father's portrait is fixed and still looks like him. Took an afternoon of small passes, but it was worth every minute.",
          },
        ],
      },
      {
        title: "ControlNet poses for comic layouts",
        author: "jaylen_draws",
        body: "Sharing a workflow that finally made me comfortable using AI in my art process. I pose a simple 3D mannequin, export the pose, and use ControlNet to generate rough lighting studies for difficult panels. Then I throw the generated images away and draw the panel myself, using them only as lighting and perspective reference. It is like having a model who never gets tired of holding a pose. Anyone else using generation purely for reference?",
        replies: [
          {
            author: "zoe_writes",
            body: "Not an artist, but I love that the generated images get thrown away. It is the same way I use AI in writing: scaffolding that comes down before anyone sees the building.",
          },
          {
            author: "dave_devops",
            body: "Which interface are you running this in? I have a spare GPU in the homelab and would love to set this up for my daughter, who draws constantly and has been asking for pose references.",
          },
          {
            author: "jaylen_draws",
            body: "@dave_devops I use a node-based interface because it makes the pose step reusable. Start with the default workflow and add ControlNet as one node. Happy to share my setup if you message me.",
          },
        ],
      },
    ],
  },
  {
    name: "AI Ethics & Society",
    description:
      "Bias, privacy, jobs, creative rights, education policy and the wider effects of AI on society. Disagree respectfully and bring evidence.",
    aiModel: "general",
    threads: [
      {
        title: "Should AI use be disclosed in creative work?",
        author: "jaylen_draws",
        body: "I have been going back and forth on this. If I use AI only to generate a pose reference and then draw everything myself, do I need to disclose it? I do, because it feels honest, but a client recently asked for a discount once they found out. Meanwhile nobody discloses using photo references or 3D mannequins. Where do you draw the line between a tool and a collaborator, and does disclosure help or hurt artists right now?",
        replies: [
          {
            author: "zoe_writes",
            body: "For me the line is whether any generated output appears in the final work. Reference and brainstorming are process, like a mood board. If a generated sentence or image ships, it gets disclosed.",
          },
          {
            author: "walt_photog",
            body: "In photography we argued about the same thing with digital editing in the 1990s. Eventually norms settled: editing is fine, fabrication must be labeled. I suspect AI will go through the same process.",
          },
          {
            author: "lena_designs",
            body: "@jaylen_draws Disclose, but frame it as part of your process rather than an apology. Your price reflects your judgment and skill, not the number of hours spent with a pencil.",
          },
        ],
      },
      {
        title: "Patient privacy and chatbots in healthcare",
        author: "nurse_dana",
        body: "I see colleagues pasting shift notes into free chatbots to clean them up, and it worries me. Even without names, a combination of age, diagnosis, room and date can identify someone. At the same time, documentation burden is a major reason nurses burn out, and these tools genuinely help. I do not think banning them works. What should responsible use look like in hospitals, and has anyone seen a workplace policy that actually gets this right?",
        replies: [
          {
            author: "dave_devops",
            body: "The policies that work provide an approved tool with a data agreement, not just a list of prohibitions. If the approved path is easier than the risky one, people take it. Otherwise they quietly use their phones.",
          },
          {
            author: "frank_retired",
            body: "Power utilities faced a version of this with remote monitoring. Safety rules only stuck when the engineers writing them understood the daily work. Nurses need a real seat at the table when policy is written.",
          },
          {
            author: "mr_okafor",
            body: "Schools are struggling with the same thing for student data. Teachers are improvising because guidance is vague or arrives two years late. @nurse_dana I would love to read any good policy you find.",
          },
        ],
      },
      {
        title: "Is it fair to ban AI in classrooms?",
        author: "mr_okafor",
        body: "Our district is debating a full ban on AI tools for students. I understand the concern about cheating, but a ban feels like teaching driving by forbidding cars. My students use these tools at home regardless. I would rather teach them to verify claims, cite their use and recognize when the model is confidently wrong. Parents and students in this community: what would you want a school policy to say?",
        replies: [
          {
            author: "maya_codes",
            body: "As a student: bans just teach people to hide it. My best class required us to submit our prompt log with assignments. It made AI use visible and made me think harder about my questions.",
          },
          {
            author: "grandma_judy",
            body: "When I started as a librarian, some teachers banned the internet for research projects. It did not last, and the students who learned to evaluate sources early were far better off for it.",
          },
        ],
      },
    ],
  },
  {
    name: "Prompt Engineering",
    description:
      "Techniques, templates and experiments for getting better results from any model. Share what worked, what failed, and why.",
    aiModel: "general",
    threads: [
      {
        title: "Ask for questions before answers",
        author: "rachel_pm",
        body: "The single change that improved my results the most: ending prompts with 'Before you answer, ask me up to five questions that would change your response.' I tested it on project plans, emails and reports. Without it, I get generic output based on guesses. With it, the model asks about budget, audience or deadlines, and the final answer fits my situation. Does this hold up for creative or technical tasks too?",
        replies: [
          {
            author: "zoe_writes",
            body: "Works brilliantly for fiction. When I ask for feedback on a chapter, it now first asks about genre, target audience and what I am trying to achieve in the scene. The notes are far more relevant afterwards.",
          },
          {
            author: "dave_devops",
            body: "For technical tasks I limit it to three questions, otherwise it asks about things I already told it. Still worth it. Questions about the environment and versions prevent most wrong answers.",
          },
          {
            author: "tom_builds",
            body: "@rachel_pm We added this to our internal prompt templates. Only downside: people sometimes skip answering the questions, and then the result is no better. Process beats prompt, as usual.",
          },
        ],
      },
      {
        title: "Do examples beat instructions?",
        author: "lena_designs",
        body: "I keep seeing advice to give models examples instead of long instructions. I tested it on UX microcopy: version A had a paragraph describing our brand voice, version B had three examples of good button labels and error messages. Version B was noticeably closer to our voice, but it also copied the structure of my examples too closely. Has anyone found the right balance between examples and explicit instructions?",
        replies: [
          {
            author: "maya_codes",
            body: "Use examples that differ from each other on purpose: different lengths, different situations. If all examples share a structure, the model assumes the structure is the rule you want it to follow.",
          },
          {
            author: "mr_okafor",
            body: "Same experience with quiz questions. I now give two examples plus one sentence saying what they have in common, and one sentence saying what should vary. The output finally has real variety.",
          },
        ],
      },
      {
        title: "Role prompts: useful or placebo?",
        author: "maya_codes",
        body: "Does starting with 'You are an expert software engineer' actually change anything? I ran a small experiment on twenty coding questions with and without a role line. The answers were almost identical in correctness. But when I described the audience instead, like 'explain this to a second-year student who knows Python but not C', the explanations got much better. I suspect the audience matters more than the persona. Thoughts?",
        replies: [
          {
            author: "frank_retired",
            body: "That matches my experience. An engineer explains differently to an apprentice than to a colleague. Telling the model who is listening gives it something concrete to work with. The persona alone is just a costume.",
          },
          {
            author: "lena_designs",
            body: "Roles helped me in one case: asking it to be a skeptical user testing my prototype. The role there changes the task itself, not just the tone. For plain knowledge questions I agree it is mostly placebo.",
          },
          {
            author: "grandma_judy",
            body: "@maya_codes A lovely little experiment. Librarians learn the same lesson at the reference desk: the best answer depends more on who is asking than on how clever the person answering is.",
          },
        ],
      },
    ],
  },
  {
    name: "AI News & Research",
    description:
      "New model releases, research papers, benchmarks and industry news. Summaries and discussion welcome, hype and rumor less so.",
    aiModel: "general",
    threads: [
      {
        title: "How do you keep up without drowning in hype?",
        author: "tom_builds",
        body: "Every week brings new model releases, benchmark claims and threads declaring that everything has changed. I run a startup on top of these models and still cannot keep up. My current system: I ignore launch day entirely, wait a week for hands-on reports, and test anything interesting on our own evaluation set of two hundred real support tickets. How does everyone else filter the noise?",
        replies: [
          {
            author: "dave_devops",
            body: "Your own evaluation set is the only benchmark that matters. Public leaderboards tell you what a model is good at in general, not whether it handles your weird edge cases. Ours is small but it has saved us twice.",
          },
          {
            author: "frank_retired",
            body: "I read one careful weekly newsletter and skip social media entirely. If something is truly important, it will still be important in a week, and by then someone will have tested it properly.",
          },
          {
            author: "maya_codes",
            body: "@tom_builds Our professor recommended reading the limitations section of a paper first. It is short and usually more honest than the abstract. Helps me decide whether the rest is worth my time.",
          },
        ],
      },
      {
        title: "Benchmarks vs real-world performance",
        author: "dave_devops",
        body: "A model topped several public benchmarks recently, so I tested it on our internal tasks: log analysis, writing runbooks and reviewing infrastructure configs. It was good, but not better than the model we already use, and worse at following our output format. Part of the issue is probably benchmark contamination, part is that benchmarks measure different skills than our work needs. Has anyone else seen a big gap between leaderboard results and daily use?",
        replies: [
          {
            author: "rachel_pm",
            body: "Constantly. In my experience the difference that matters most at work is instruction following, like sticking to a template or a word limit. Few benchmarks measure that in a way that resembles real tasks.",
          },
          {
            author: "nurse_dana",
            body: "Medical exam scores are a good example. A model passing a licensing exam says little about whether it gives safe advice in a messy real situation with incomplete information. Exams are clean, wards are not.",
          },
        ],
      },
    ],
  },
  {
    name: "AI for Work & Productivity",
    description:
      "Using AI at work: writing, meetings, planning, spreadsheets, research and automation. Share workflows, results and the limits you have hit.",
    aiModel: "general",
    threads: [
      {
        title: "Meeting summaries that people actually read",
        author: "rachel_pm",
        body: "AI meeting summaries were supposed to save time, but at first nobody read them because they were long and vague. What finally worked for my team: the summary has exactly three sections, decisions made, action items with owner and due date, and open questions. Anything that does not fit gets dropped. I also ask the model to quote the transcript for every action item so we can check it. Read rates went up a lot. What formats work for your teams?",
        replies: [
          {
            author: "tom_builds",
            body: "We do almost the same, plus one line at the top: 'If you only read one thing'. People love it. The transcript quotes are a great idea, stealing that to catch invented action items.",
          },
          {
            author: "mr_okafor",
            body: "Our staff meetings could use this badly. Half the faculty leaves unsure what was decided. I will propose your three-section format at our next department meeting and report back.",
          },
          {
            author: "nurse_dana",
            body: "@rachel_pm Tried your format for our unit's monthly meeting. The open questions section was the surprise hit, it made it obvious which issues had been dodged for three months in a row.",
          },
        ],
      },
      {
        title: "Small automations that saved me hours",
        author: "dave_devops",
        body: "Not everything needs an AI agent. My best time savers this year are tiny: a script that drafts a plain-language incident summary from our alert timeline, a prompt that turns a messy ticket into reproduction steps, and a template that converts technical change notes into a short announcement for non-technical staff. Each saves maybe ten minutes, but they add up to hours every week. What small, boring automations have worked for you?",
        replies: [
          {
            author: "lena_designs",
            body: "I paste interview transcripts from user research and ask for every quote about a specific feature, grouped by sentiment. It used to take a full day with sticky notes. I still read everything, but much faster.",
          },
          {
            author: "grandma_judy",
            body: "For the library volunteer schedule, I paste everyone's availability and ask for a draft rota. It is not perfect, but fixing a draft is much easier than starting from a blank grid every month.",
          },
          {
            author: "walt_photog",
            body: "I use it to write captions and catalog descriptions for my scanned slides. I tell it the date, place and people, and it writes a consistent entry. Two thousand slides in, and my filing system finally makes sense.",
          },
        ],
      },
    ],
  },
];
